import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { AUTH_DIR } from "./support/env";
import { expect, gotoCase, test } from "./support/fixtures";

// "Resumo da IA" on the case page (docs/decisions.md, "v2 AI summary"): a prf_kyc_person
// verification gets its summary as it completes; with ia.resume false none is made, the panel
// reads without making one (make=false) and offers "Gerar resumo" to roles with
// verifications:write only.

// The panel's words for the service's values; the test checks the service's JSON through them.
const VERDICT_TEXT: Record<string, string> = { APPROVE: "Aprovação", REVIEW: "Revisão", REJECT: "Reprovação" };
const RISK_TEXT: Record<string, string> = { low: "Risco baixo", medium: "Risco médio", high: "Risco alto" };

interface Summary {
  verdict: string;
  riskLevel: string;
  summary: string;
  model: string;
  highlights: string[];
  mismatches: Array<{ attribute: string; declared: string; found: string | null }>;
  fallback: string | null;
}

test("a KYC verification completes with its summary: verdict, risk, paragraph, mismatches and model as the service answers them", async ({
  page,
  api,
}) => {
  test.setTimeout(150_000);
  const created = await api.createVerification(randomCpf(), {
    profileId: "prf_kyc_person",
    input: [{ attribute: "dataNascimento", value: "01/01/1901" }],
  });
  const done = await api.waitUntilTerminal(created.id, 90_000);
  expect(done.status).toBe("COMPLETED");
  const stored = await api.aiSummary(created.id, { role: "viewer" });
  expect(stored.status).toBe(200);
  const json = stored.body as unknown as Summary;

  await gotoCase(page, created.id);
  const panel = page.getByTestId("ai-summary-section");
  await expect(panel.getByRole("heading", { name: "Resumo da IA" })).toBeVisible();
  await expect(panel.getByTestId("ai-verdict")).toHaveAttribute("data-verdict", json.verdict);
  await expect(panel.getByTestId("ai-verdict")).toHaveText(VERDICT_TEXT[json.verdict]!);
  await expect(panel.getByTestId("ai-risk")).toHaveAttribute("data-risk", json.riskLevel);
  await expect(panel.getByTestId("ai-risk")).toHaveText(RISK_TEXT[json.riskLevel]!);
  await expect(panel.getByTestId("ai-model")).toHaveText(json.model);
  expect(json.model).toContain("lupa-regras-1");
  await expect(panel.getByTestId("ai-summary-text")).toHaveText(json.summary);
  await expect(panel.getByTestId("ai-highlights").locator("li")).toHaveText(json.highlights);
  // the declared birth date disagrees with the registry
  const birth = json.mismatches.find((m) => m.declared === "01/01/1901");
  expect(birth, JSON.stringify(json.mismatches)).toBeTruthy();
  const mismatch = panel.getByTestId("ai-mismatch").filter({ hasText: "01/01/1901" });
  await expect(mismatch).toContainText(`Diverge: ${birth!.attribute}`);
  await expect(mismatch).toContainText(`Encontrado: ${birth!.found ?? "nada encontrado"}`);
  // an identity mismatch never lets a case be approved
  expect(json.verdict).not.toBe("APPROVE");
  await expect(panel.getByTestId("ai-fallback")).toHaveCount(0);
  await expect(panel.getByTestId("ai-summary-generate")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "case page with the AI summary");

  // phone width, loaded there: no column runs past the right edge (the profile card did)
  await page.setViewportSize({ width: 420, height: 900 });
  await gotoCase(page, created.id);
  await expect(page.getByTestId("person-profile")).toBeVisible();
  // at 420 px the dossier's sections start collapsed (issue 20): the summary opens from its heading
  await expect(panel.getByTestId("section-toggle")).toHaveAttribute("aria-expanded", "false");
  await panel.getByTestId("section-toggle").click();
  await expect(panel.getByTestId("ai-summary-text")).toBeVisible();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
});

test("without a summary made at completion, the analyst sees 'Gerar resumo' and makes it; opening the case makes none", async ({
  page,
  api,
}) => {
  test.setTimeout(150_000);
  const created = await api.createVerification(randomCpf(), { profileId: "prf_kyc_person", verifications: { ia: { resume: false } } });
  expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");

  await gotoCase(page, created.id);
  const panel = page.getByTestId("ai-summary-section");
  await expect(panel.getByTestId("ai-summary-missing")).toHaveText(/Nenhum resumo foi gerado para esta verificação ainda\./);
  const generate = panel.getByRole("button", { name: "Gerar resumo" });
  await expect(generate).toBeVisible();
  // the page only read (make=false): the service still has none
  expect((await api.aiSummary(created.id, { role: "viewer", make: false })).status).toBe(204);
  await expectNoSeriousA11yViolations(page, "case page, summary not made");

  await generate.click();
  await expect(page.getByTestId("toast").filter({ hasText: "Resumo da IA gerado: recomenda " })).toBeVisible();
  const stored = await api.aiSummary(created.id, { role: "viewer" });
  expect(stored.status).toBe(200);
  const json = stored.body as unknown as Summary;
  await expect(panel.getByTestId("ai-verdict")).toHaveText(VERDICT_TEXT[json.verdict]!);
  await expect(panel.getByTestId("ai-risk")).toHaveText(RISK_TEXT[json.riskLevel]!);
  await expect(panel.getByTestId("ai-model")).toHaveText(json.model);
  await expect(generate).toHaveCount(0);

  // a reload reads the stored one
  await gotoCase(page, created.id);
  await expect(panel.getByTestId("ai-summary-text")).toHaveText(json.summary);
});

test("when 'Gerar resumo' fails the panel goes back to the button and a toast says why", async ({ page, api }) => {
  test.setTimeout(150_000);
  const created = await api.createVerification(randomCpf(), { profileId: "prf_kyc_person", verifications: { ia: { resume: false } } });
  expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
  await gotoCase(page, created.id);
  const generate = page.getByRole("button", { name: "Gerar resumo" });
  await expect(generate).toBeVisible();
  // the page's own reads are done (the list around the case is the last): a query answered 401
  // would send the analyst to sign in instead
  await expect(page.getByTestId("triage-position")).toBeVisible();
  await page.context().clearCookies(); // the session ends: the BFF answers 401
  await generate.click();
  // an error toast, announced in the assertive region; its message is the first span (the × follows)
  const toast = page.getByTestId("toasts-assertive").getByTestId("toast");
  await expect(toast.locator("span").first()).toHaveText("Resumo não gerado. Sessão expirada. Entre novamente.");
  await expect(toast).toHaveAttribute("data-kind", "error");
  await expect(generate).toBeVisible();
  await expect(page.getByTestId("ai-summary")).toHaveCount(0);
  expect((await api.aiSummary(created.id, { role: "viewer", make: false })).status).toBe(204);
});

test("a legacy verification (no scoring profile) says the summary needs one", async ({ page, api }) => {
  test.setTimeout(90_000);
  const created = await api.createVerification(randomCpf());
  expect((await api.waitUntilTerminal(created.id)).status).toBe("COMPLETED");
  expect((await api.aiSummary(created.id, { role: "analyst" })).status).toBe(409);
  await gotoCase(page, created.id);
  await expect(page.getByTestId("ai-summary-legacy")).toHaveText(
    "O resumo da IA precisa de um perfil de score: esta verificação foi criada no fluxo padrão, sem perfil.",
  );
  await expect(page.getByTestId("ai-summary-generate")).toHaveCount(0);
});

test.describe("viewer", () => {
  test.use({ storageState: `${AUTH_DIR}/viewer.json` });

  test("reads a stored summary, and without one gets a message and no button", async ({ page, api }) => {
    test.setTimeout(150_000);
    const created = await api.createVerification(randomCpf(), { profileId: "prf_kyc_person", verifications: { ia: { resume: false } } });
    expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
    await gotoCase(page, created.id);
    const panel = page.getByTestId("ai-summary-section");
    await expect(panel.getByTestId("ai-summary-missing")).toHaveText(
      "Nenhum resumo foi gerado para esta verificação. Seu papel só lê resumos: peça a um analista que o gere.",
    );
    await expect(panel.getByRole("button", { name: "Gerar resumo" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "case page, viewer without summary");

    // once an analyst made it, the viewer reads it
    const made = await api.aiSummary(created.id, { role: "analyst" });
    expect(made.status).toBe(200);
    await gotoCase(page, created.id);
    await expect(panel.getByTestId("ai-model")).toHaveText((made.body as unknown as Summary).model);
  });
});
