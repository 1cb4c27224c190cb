import type { Page } from "@playwright/test";
import { latestDecision, type ApiVerification } from "./support/api";
import { API_URL } from "./support/env";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { expect, gotoCase, gotoHydrated, gotoList, test } from "./support/fixtures";

// Deciding cases from the keyboard alone: the queue "Aguardando decisão", a/r/e/d with a
// confirmation Enter accepts, the next case opening by itself in the triage mode (else the page
// stays on the decided case), n/p, and "?".

const caseId = (page: Page) => new URL(page.url()).pathname.split("/").pop() as string;

/**
 * The case shown can be decided and its shortcuts listen: the decision buttons show and the case
 * page's own client code runs (html[data-triage], set after the layout's data-hydrated).
 */
async function armed(page: Page) {
  await expect(page.getByTestId("decision-actions")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-triage", caseId(page));
}

test("an analyst decides a series of cases with the keyboard only", async ({ page, api }) => {
  test.setTimeout(240_000); // three verifications processed on a shared, busy machine
  const profileId = await api.verificationProfileId("person");
  const created = [];
  for (let i = 0; i < 3; i++) created.push(await api.createVerification(randomCpf(), { profileId }));
  for (const c of created) await api.waitUntilTerminal(c.id);

  // the unassigned queue: the other workers' tests share the workspace, and a newer case of theirs
  // that someone holds would ask for a takeover instead of taking the decision
  await gotoList(page, "/verifications?queue=unassigned");
  await page.keyboard.press("Tab"); // leave the body so key events reach the page's listeners
  // again if the Enter went elsewhere: once, on a fast run, it reached the skip link ("#main"), the
  // focus having moved between the focus() and the key
  const waiting = page.getByTestId("preset-waiting");
  await expect(async () => {
    await waiting.focus();
    await expect(waiting).toBeFocused({ timeout: 1_000 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/status=COMPLETED&feedback=NOTSTARTED/, { timeout: 5_000 });
  }).toPass();
  await expect(page.getByTestId("verification-row").first()).toBeVisible();
  const order = await page.getByTestId("verification-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id")));
  await page.locator("body").press("j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/verifications/${order[0]}$`));
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await armed(page);
  // issue 28, item 4: moving on after a decision is the triage mode, which the analyst turns on
  // (from the keyboard too); it is kept for the next cases
  await page.getByTestId("triage-mode").focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("triage-mode")).toBeChecked();
  await page.getByTestId("triage-mode").blur(); // shortcuts stay quiet while a field has the focus

  // a → dialog → Enter: approved, and the next case of the queue opens
  const first = caseId(page);
  await page.keyboard.press("a");
  await expect(page.getByTestId("decision-dialog")).toBeVisible();
  if (await page.getByTestId("decision-flags-warning").isVisible()) {
    // a case with risk flags (the queue's newest may be another worker's, or a document the sandbox
    // flags): approving it asks for a comment, typed and sent from the keyboard
    await page.getByTestId("decision-comment").focus();
    await page.keyboard.type("sinais conferidos com o titular");
    await page.keyboard.press("Control+Enter");
  } else {
    await expect(page.getByTestId("decision-confirm")).toBeFocused();
    await page.keyboard.press("Enter");
  }
  await expect(page).not.toHaveURL(new RegExp(`/verifications/${first}$`));
  await expect(page).toHaveURL(new RegExp(`/verifications/${order[1]}$`));
  await expect.poll(() => latestDecision(api, first)).toBe("APPROVED");
  // the page says it moved: the case decided and the one now shown
  await expect(page.getByTestId("triage-banner")).toContainText("Modo triagem: decisão registrada para");
  await expect(page.getByTestId("triage-banner").getByRole("link")).toHaveAttribute("href", `/verifications/${first}`);
  await expect(page.getByTestId("triage-banner-shown")).toHaveText(await page.getByTestId("verification-name").innerText());

  // r with a comment typed in the dialog: letters typed there never trigger shortcuts
  const second = caseId(page);
  await armed(page);
  await page.keyboard.press("r");
  await page.getByTestId("decision-comment").focus();
  await page.keyboard.type("dados divergentes: a r e d n p");
  await expect(page.getByTestId("decision-dialog")).toBeVisible();
  await expect(page.getByTestId("decision-confirm")).toHaveText("Reprovar");
  // in the comment Enter makes a new line (issue 19); Ctrl+Enter sends
  await page.keyboard.press("Control+Enter");
  await expect(page).toHaveURL(new RegExp(`/verifications/${order[2]}$`));
  await expect.poll(() => latestDecision(api, second)).toBe("REPROVED");

  // n/p move through the queue as it is now: the decided cases have left "Aguardando decisão"
  await armed(page);
  await page.keyboard.press("n");
  await expect(page).not.toHaveURL(new RegExp(`/verifications/${order[2]}$`));
  await expect(page.getByTestId("verification-detail")).not.toHaveAttribute("data-id", order[2] as string);
  await armed(page);
  await page.keyboard.press("p");
  await expect(page).toHaveURL(new RegExp(`/verifications/${order[2]}$`));

  // the decided case shows its decision in the header and the history
  await gotoHydrated(page, `/verifications/${second}`);
  await expect(page.getByTestId("verification-decision")).toHaveText("Reprovada");
  await expect(page.getByTestId("decision-entry").first()).toHaveAttribute("data-status", "REPROVED");
  await expect(page.getByTestId("decision-entry-comment").first()).toHaveText("dados divergentes: a r e d n p");
  await gotoHydrated(page, `/verifications/${order[2]}`);

  // Escape cancels: nothing is recorded. The shortcuts arm once the case has loaded and can be
  // decided, which is when the decision buttons show.
  await armed(page);
  await page.keyboard.press("e");
  await expect(page.getByTestId("decision-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("decision-dialog")).toBeHidden();
  expect(await latestDecision(api, caseId(page))).toBe("NOTSTARTED");

  // ? lists every shortcut
  await page.keyboard.press("?");
  const help = page.getByTestId("shortcuts-dialog");
  await expect(help).toBeVisible();
  for (const key of ["a", "r", "e", "d", "n", "p", "?"])
    await expect(help.locator("kbd", { hasText: new RegExp(`^${key.replace("?", "\\?")}$`) })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, "shortcuts dialog");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
});

test("a refused decision rolls back the history and the header, and says why", async ({ page, api }) => {
  test.setTimeout(150_000);
  const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
  await api.waitUntilTerminal(created.id);
  await gotoHydrated(page, `/verifications/${created.id}`);
  await expect(page.getByTestId("decision-history-empty")).toBeVisible();
  await page.route(`**/bff/verifications/${created.id}/feedbacks`, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await new Promise((r) => setTimeout(r, 3000)); // long enough to see the optimistic state on a busy machine
    await route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "conflict", message: "A verificação ainda não pode receber uma decisão." } }),
    });
  });
  await page.getByTestId("decide-WAIVED").click();
  await page.getByTestId("decision-confirm").click();
  // optimistic first…
  await expect(page.getByTestId("verification-decision")).toHaveText("Dispensada");
  // …then rolled back, with the reason announced
  await expect(page.getByTestId("toasts-assertive").getByTestId("toast")).toContainText(
    "A verificação ainda não pode receber uma decisão.",
  );
  await expect(page.getByTestId("verification-decision")).toHaveText("Sem decisão");
  await expect(page.getByTestId("decision-history-empty")).toBeVisible();
  expect(await latestDecision(api, created.id)).toBe("NOTSTARTED");
});

test("the BFF refuses a decision from another origin or without one (CSRF)", async ({ page, api }) => {
  const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
  await api.waitUntilTerminal(created.id);
  await gotoHydrated(page, `/verifications/${created.id}`);
  for (const headers of [{ origin: "http://evil.example" }, {}] as Array<Record<string, string>>) {
    const response = await page.request.post(`/bff/verifications/${created.id}/feedbacks`, { data: { status: "APPROVED" }, headers });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: "forbidden_origin", message: expect.stringContaining("origem não permitida") },
    });
  }
  expect(await latestDecision(api, created.id)).toBe("NOTSTARTED");
});

test.describe("as a viewer", () => {
  test.use({ storageState: ".test-output/auth/viewer.json" });

  test("a viewer sees the decision history but no buttons, and keys do nothing", async ({ page, api }) => {
    test.setTimeout(150_000);
    const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
    await api.waitUntilTerminal(created.id);
    const analyst = await api.token("analyst");
    const decided = await page.request.fetch(`${API_URL}/api/v2/verifications/${created.id}/feedbacks`, {
      method: "POST",
      headers: { authorization: `Bearer ${analyst}` },
      data: { status: "STANDBY", comment: "aguardando comprovante", reasons: ["Aguardando documento"] },
    });
    expect(decided.status()).toBe(201);

    await gotoHydrated(page, `/verifications/${created.id}`);
    await expect(page.getByTestId("decision-panel")).toBeVisible();
    await expect(page.getByTestId("decision-actions")).toHaveCount(0);
    await expect(page.getByTestId("decision-entry")).toHaveCount(1);
    await expect(page.getByTestId("decision-entry")).toContainText("Bruno Analista");
    await expect(page.getByTestId("decision-entry-author").locator("[title]")).toHaveAttribute("title", "analyst@lupa.local");
    await expect(page.getByTestId("decision-entry")).toContainText("Aguardando documento");
    await expect(page.getByTestId("verification-decision")).toHaveText("Em espera");
    await expect(page.locator("html")).toHaveAttribute("data-triage", created.id); // the keys would listen now
    await page.keyboard.press("a");
    await expect(page.getByTestId("decision-dialog")).toBeHidden();
    await expectNoSeriousA11yViolations(page, "case page as viewer");

    // the service refuses it anyway, and the BFF says so in pt-BR
    const origin = new URL(page.url()).origin;
    const response = await page.request.post(`/bff/verifications/${created.id}/feedbacks`, {
      data: { status: "APPROVED" },
      headers: { origin },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).error.message).toBe("Seu papel não permite registrar decisões.");
  });
});

test("a failed refresh keeps the case and the comment being written on screen, and says so", async ({ page, api }) => {
  test.setTimeout(150_000);
  const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
  await api.waitUntilTerminal(created.id);
  await page.clock.install(); // time runs; fastForward makes the case stale without waiting for it
  await gotoHydrated(page, `/verifications/${created.id}`);
  await expect(page.locator("html")).toHaveAttribute("data-triage", created.id);
  await page.getByTestId("decide-STANDBY").click();
  const comment = page.getByTestId("decision-comment");
  await comment.fill("Aguardando o comprovante do cliente.");

  // Fault injection only: the case's own read fails at the network level (its retries too) until
  // `reachable`, then reaches the real BFF again.
  let reachable = false;
  await page.route(`**/bff/verifications/${created.id}`, (route) => (reachable ? route.continue() : route.abort("failed")));
  // stale after 15 s, the case is read again when the tab comes back into view
  const refresh = async () => {
    await page.clock.fastForward(20_000);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  };
  await refresh();
  const stale = page.getByTestId("verification-stale");
  await expect(async () => {
    await page.clock.fastForward(2_000); // the query's retries
    await expect(stale).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await expect(stale).toContainText("Mostrando os últimos dados carregados");
  await expect(page.getByTestId("verification-error")).toHaveCount(0);
  await expect(page.getByTestId("verification-header")).toBeVisible();
  await expect(comment).toHaveValue("Aguardando o comprovante do cliente.");

  reachable = true;
  await expect(async () => {
    await refresh();
    await expect(stale).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(comment).toHaveValue("Aguardando o comprovante do cliente.");
});

// issue 28, item 4: after rejecting Felipe the console showed Rita with only a toast, and "Baixar
// PDF" then downloaded Rita's report.
test("after a decision the page stays on the decided case; the triage mode moves on and says so; the PDF is the case on screen", async ({
  page,
  api,
}) => {
  test.setTimeout(240_000);
  const profileId = await api.verificationProfileId("person");
  const created: ApiVerification[] = [];
  for (let i = 0; i < 3; i++) created.push(await api.createVerification(randomCpf(), { profileId }));
  for (const c of created) await api.waitUntilTerminal(c.id);
  await gotoList(page, "/verifications?queue=unassigned&status=COMPLETED&feedback=NOTSTARTED&limit=25");
  const order = await page.getByTestId("verification-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id") as string));
  const mine = order.filter((id) => created.some((c) => c.id === id));
  expect(mine).toHaveLength(3);
  const [first, second] = mine as [string, string];
  const next = order[order.indexOf(first) + 1] as string;
  await page.locator(`[data-testid=verification-row][data-id="${first}"]`).getByTestId("row-name").click();
  await expect(page).toHaveURL(new RegExp(`/verifications/${first}$`));
  await armed(page);
  await expect(page.getByTestId("triage-mode")).not.toBeChecked(); // off unless the analyst turns it on

  await page.keyboard.press("e");
  await page.getByTestId("decision-confirm").click();
  await expect(page.getByTestId("decision-registered")).toContainText("Decisão registrada");
  await expect(page.getByTestId("next-case")).toHaveText("Próximo caso (n)");
  await expect(page).toHaveURL(new RegExp(`/verifications/${first}$`));
  await expect(page.getByTestId("verification-detail")).toHaveAttribute("data-id", first);
  await expect.poll(() => latestDecision(api, first)).toBe("STANDBY");
  const pdf = page.waitForEvent("download");
  await page.getByTestId("download-pdf").click();
  expect((await pdf).suggestedFilename()).toBe(`verificacao-${first}.pdf`);
  await expectNoSeriousA11yViolations(page, "case page after a decision");
  for (const width of [1280, 420]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.test-output/console-truth/after-decision-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // n (or the button) goes on to the case after it in the list, chosen before the decision
  await page.keyboard.press("n");
  await expect(page).toHaveURL(new RegExp(`/verifications/${next}$`));
  await expect(page.getByTestId("triage-banner")).toHaveCount(0); // moved by the analyst: nothing to announce

  // the triage mode, turned on, is kept in this browser for this analyst, and moves on after a decision
  await gotoCase(page, second);
  await page.getByTestId("triage-mode").check();
  await gotoCase(page, second);
  await expect(page.getByTestId("triage-mode")).toBeChecked();
  const name = await page.getByTestId("verification-name").innerText();
  await page.keyboard.press("e");
  await page.getByTestId("decision-confirm").click();
  await expect(page).not.toHaveURL(new RegExp(`/verifications/${second}$`));
  const banner = page.getByTestId("triage-banner");
  await expect(banner.getByTestId("triage-banner-decided")).toHaveText(name);
  const shown = (await page.getByTestId("verification-detail").getAttribute("data-id")) as string;
  expect(shown).not.toBe(second);
  await expect(banner.getByTestId("triage-banner-shown")).toHaveText(await page.getByTestId("verification-name").innerText());
  // "Baixar PDF" is the case on screen, never the one decided
  const moved = page.waitForEvent("download");
  await page.getByTestId("download-pdf").click();
  expect((await moved).suggestedFilename()).toBe(`verificacao-${shown}.pdf`);
  await expectNoSeriousA11yViolations(page, "triage banner");
  await page.getByTestId("triage-mode").uncheck();
});
