import { execFileSync } from "node:child_process";
import path from "node:path";
import { maskDocument } from "@/lib/contract/documents";
import { randomCpf, SLOW_CPF } from "./support/documents";
import { AUTH_DIR } from "./support/env";
import { expect, gotoCase, test } from "./support/fixtures";

// "Baixar PDF" on the case page: the report streamed through /bff/verifications/:id/pdf (the
// service's GET /api/v2/verifications/:id/pdf; docs/decisions.md, "v2 PDF report"), read back
// with pdftotext.

async function downloadAndRead(page: import("@playwright/test").Page, id: string, name: string): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`verificacao-${id}.pdf`);
  const saved = path.join(test.info().outputDir, name);
  await file.saveAs(saved);
  return execFileSync("pdftotext", ["-layout", saved, "-"], { encoding: "utf8" });
}

test("the analyst downloads the report: header, status and score; the BFF sends it as an attachment", async ({ page, api }) => {
  test.setTimeout(120_000);
  const cpf = randomCpf();
  const created = await api.createVerification(cpf, { profileId: "prf_kyc_person" });
  const done = await api.waitUntilTerminal(created.id, 90_000);
  expect(done.status).toBe("COMPLETED");
  const score = done.result?.score as number;

  await gotoCase(page, created.id);
  await expect(page.getByRole("button", { name: "Baixar PDF" })).toBeEnabled();
  const text = await downloadAndRead(page, created.id, "analyst.pdf");
  expect(text).toContain("Relatório de verificação");
  expect(text).toContain(done.name as string);
  expect(text).toContain(`CPF ${maskDocument(cpf)}`);
  expect(text).not.toContain(cpf);
  // the status in the console's words, without the code (issue 20)
  expect(text).toContain("Concluída");
  expect(text).not.toContain("(COMPLETED)");
  expect(text).toContain(created.id);
  expect(text).toContain(score.toLocaleString("pt-BR"));
  expect(text).toMatch(/Faixa: (baixo|médio|alto) risco/);

  const response = await page.request.get(`/bff/verifications/${created.id}/pdf`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(`attachment; filename="verificacao-${created.id}.pdf"`);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  const missing = await page.request.get("/bff/verifications/00000000-0000-4000-8000-000000000000/pdf");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: { code: "not_found", message: "Verificação não encontrada." } });
});

test("a failed download is a toast in pt-BR (here the session ended), and nothing is saved", async ({ page, api }) => {
  test.setTimeout(120_000);
  const created = await api.createVerification(randomCpf(), { profileId: "prf_kyc_person" });
  expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
  await gotoCase(page, created.id);
  // the page's own reads are done (the list around the case is the last): a query answered 401
  // would send the analyst to sign in instead
  await expect(page.getByTestId("triage-position")).toBeVisible();
  await page.context().clearCookies();
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.getByRole("button", { name: "Baixar PDF" }).click();
  // an error toast, announced in the assertive region; its message is the first span (the × follows)
  const toast = page.getByTestId("toasts-assertive").getByTestId("toast");
  await expect(toast.locator("span").first()).toHaveText("PDF não baixado. Sessão expirada. Entre novamente.");
  await expect(toast).toHaveAttribute("data-kind", "error");
  await expect(page.getByRole("button", { name: "Baixar PDF" })).toBeEnabled();
  expect(downloads).toBe(0);
});

test("while the verification runs the button is disabled and says why", async ({ page, api }) => {
  test.setTimeout(90_000);
  // sandbox "slow": every module but profile answers after 30 s
  const created = await api.createVerification(SLOW_CPF, { profileId: "prf_kyc_person" });
  await gotoCase(page, created.id);
  const button = page.getByRole("button", { name: "Baixar PDF" });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription("O PDF fica disponível quando a verificação terminar.");
});

test.describe("viewer", () => {
  test.use({ storageState: `${AUTH_DIR}/viewer.json` });

  test("downloads the report too", async ({ page, api }) => {
    test.setTimeout(120_000);
    const created = await api.createVerification(randomCpf(), { profileId: "prf_kyc_person" });
    expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
    await gotoCase(page, created.id);
    const text = await downloadAndRead(page, created.id, "viewer.pdf");
    expect(text).toContain("Concluída");
    expect(text).not.toContain("(COMPLETED)");
    expect(text).toContain(created.id);
  });
});
