import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { AUTH_DIR, DEMO_PASSWORD } from "./support/env";
import { expect, gotoHydrated, submitLogin, test } from "./support/fixtures";
import { reviewCall } from "./support/review";

// The rules console (issue 31 item 6): an admin starts a draft from version 1, adds a rule whose
// condition the service refuses and sees the error on that rule, fixes it with the facts'
// autocompletion, tries it on a case; a second admin publishes (the first is refused: same
// person) and activates it; an analyst reads it all, without a button to change it. /rules and the
// editor with an error at 1280 and 420 px, axe without serious violations.

const PROFILE = "prf_kyc_person";

test("rules: draft from v1, inline error, fix, try on a case, second admin publishes and activates, analyst reads", async ({
  page,
  api,
  browser,
}) => {
  test.setTimeout(240_000);
  const cpf = randomCpf();
  const created = await api.createVerification(cpf, { profileId: PROFILE });
  const versions = (await reviewCall(api, "admin", "GET", `/rulesets?profileId=${PROFILE}`)).body!.rulesets as Array<{
    id: string;
    version: number;
    active: boolean;
  }>;
  const v1 = versions.find((v) => v.version === 1)!;
  const activeBefore = versions.find((v) => v.active)!;
  expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");

  const admin = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json`, viewport: { width: 1280, height: 900 } });
  const a = await admin.newPage();
  let draftId: string | null = null;
  try {
    // /rules: the versions with their state
    await gotoHydrated(a, "/rules");
    await expect(a.getByRole("link", { name: "Regras" }).first()).toBeVisible();
    const v1Row = a.getByTestId("rules-versions").locator(`li[data-version="1"]`);
    await expect(v1Row).toContainText("Publicada");
    await a.screenshot({ path: "/tmp/rules-console-list-1280.png", fullPage: true });
    await expectNoSeriousA11yViolations(a, "/rules at 1280 px");
    await a.setViewportSize({ width: 420, height: 900 });
    await a.screenshot({ path: "/tmp/rules-console-list-420.png", fullPage: true });
    await expectNoSeriousA11yViolations(a, "/rules at 420 px");
    await a.setViewportSize({ width: 1280, height: 900 });

    // a draft from version 1
    await v1Row.getByRole("link", { name: "Versão 1" }).click();
    await expect(a).toHaveURL(new RegExp(`/rules/${v1.id}$`));
    await a.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    await a.getByTestId("ruleset-new-version").click();
    await expect(a).not.toHaveURL(new RegExp(`/rules/${v1.id}$`));
    await expect(a.getByTestId("ruleset-state")).toContainText("Rascunho");
    await expect(a.getByTestId("ruleset-meta")).toContainText("a partir da versão 1");
    draftId = new URL(a.url()).pathname.split("/").pop()!;

    // a rule with a condition the service refuses: the error is on that rule, with its position
    await a.getByTestId("rule-add").click();
    const row = a.getByTestId("rule-row").last();
    await row.getByTestId("rule-code").fill("console_rule");
    await row.getByTestId("rule-title").fill("Regra do console");
    await row.getByTestId("rule-weight").fill("0");
    await row.getByTestId("rule-condition").fill("person.idadee > 18");
    await a.getByTestId("ruleset-save").click();
    const error = row.getByTestId("rule-error");
    await expect(error).toContainText("condição inválida na posição");
    await expect(error).toContainText("(console_rule)");
    await expect(error).toContainText("fato desconhecido (idadee)");
    // the character the service pointed at, marked in the condition
    await expect(error.getByTestId("rule-error-at").locator("mark")).toHaveText("i");
    await expect(a.getByTestId("ruleset-save-error")).toContainText(
      "a regra 43 tem um erro".replace("43", String(await a.getByTestId("rule-row").count())),
    );
    await expect(row.getByTestId("rule-condition")).toBeFocused();
    await expect(row.getByTestId("rule-condition")).toHaveAttribute("aria-invalid", "true");
    await row.scrollIntoViewIfNeeded();
    await a.screenshot({ path: "/tmp/rules-console-editor-error-1280.png" });
    await expectNoSeriousA11yViolations(a, "editor with an error at 1280 px");
    await a.setViewportSize({ width: 420, height: 900 });
    await row.scrollIntoViewIfNeeded();
    const box = await row.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(420);
    await a.screenshot({ path: "/tmp/rules-console-editor-error-420.png" });
    await expectNoSeriousA11yViolations(a, "editor with an error at 420 px");
    await a.setViewportSize({ width: 1280, height: 900 });

    // fixed with the facts' autocompletion (keyboard only)
    const condition = row.getByTestId("rule-condition");
    await condition.fill("");
    await condition.pressSequentially("dataset.ru");
    await expect(condition).toHaveAttribute("aria-expanded", "true");
    const option = row.getByRole("option", { name: /dataset\.rules \(list<string>\)/ });
    await expect(option).toBeVisible();
    await a.screenshot({ path: "/tmp/rules-console-autocomplete-1280.png" });
    while ((await option.getAttribute("aria-selected")) !== "true") await condition.press("ArrowDown");
    await condition.press("Enter");
    await expect(condition).toHaveValue("dataset.rules");
    await condition.pressSequentially(".size() >= 0");
    await a.getByTestId("ruleset-save").click();
    await expect(a.getByText("Rascunho salvo.")).toBeVisible();
    await expect(row.getByTestId("rule-error")).toHaveCount(0);

    // tried on a case: what fires and why
    await a.getByTestId("rules-try-case").fill(cpf);
    await a.getByTestId("rules-try-option").first().click();
    await a.getByTestId("rules-try-run").click();
    const result = a.getByTestId("rules-try-result");
    await expect(result).toContainText("score");
    const fired = result.locator("[data-rule=console_rule]");
    await expect(fired).toContainText("Regra do console");
    await expect(fired).toContainText("dataset.rules");
    await result.scrollIntoViewIfNeeded();
    await a.screenshot({ path: "/tmp/rules-console-try-1280.png" });
    await expectNoSeriousA11yViolations(a, "a case tried");

    // the last editor cannot publish: the second-person rule, in pt-BR
    await a.getByTestId("ruleset-publish").click();
    await expect(a.getByTestId("ruleset-save-error")).toContainText("outro admin precisa publicá-lo");

    // a second admin publishes and activates
    const second = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const b = await second.newPage();
      await submitLogin(b, "admin2@lupa.local", DEMO_PASSWORD);
      await expect(b).toHaveURL(/\/(overview|verifications)/, { timeout: 30_000 });
      await gotoHydrated(b, `/rules/${draftId}`);
      await b.getByTestId("ruleset-publish").click();
      await expect(b.getByTestId("ruleset-state")).toContainText("Publicada");
      await b.getByTestId("ruleset-activate").click();
      await expect(b.getByTestId("ruleset-state")).toContainText("Ativa");
      await b.screenshot({ path: "/tmp/rules-console-active-1280.png" });
    } finally {
      await second.close();
    }
    const stored = (await reviewCall(api, "viewer", "GET", `/rulesets/${draftId}`)).body!;
    expect(stored).toMatchObject({ state: "published", active: true, publishedBy: { email: "admin2@lupa.local" } });

    // the analyst reads it all, and changes nothing
    await gotoHydrated(page, `/rules/${draftId}`);
    await expect(page.getByTestId("ruleset-readonly")).toBeVisible();
    await expect(page.getByTestId("ruleset-state")).toContainText("Ativa");
    await expect(page.locator("[data-code=console_rule]").getByTestId("rule-condition")).toHaveValue("dataset.rules.size() >= 0");
    await expect(page.locator("[data-code=console_rule]").getByTestId("rule-condition")).toHaveAttribute("readonly", "");
    await expect(page.getByTestId("ruleset-actions")).toHaveCount(0);
    await expect(page.getByTestId("rule-add")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "a version read by an analyst");
    await gotoHydrated(page, "/rules");
    await expect(page.getByTestId("rules-new-draft")).toHaveCount(0);
    await expect(page.getByTestId("rules-versions").locator("li").first()).toContainText("Ativa");

    // a viewer too
    const viewer = await browser.newContext({ storageState: `${AUTH_DIR}/viewer.json` });
    try {
      const c = await viewer.newPage();
      await gotoHydrated(c, `/rules/${draftId}`);
      await expect(c.getByTestId("ruleset-readonly")).toBeVisible();
      await expect(c.getByTestId("ruleset-actions")).toHaveCount(0);
    } finally {
      await viewer.close();
    }
  } finally {
    await admin.close();
    // the workspace's scoring as it was, for the other tests
    if (draftId) await reviewCall(api, "admin", "POST", `/rulesets/${activeBefore.id}/activate`);
  }
});

test("an integration never reaches the rules: no link, and the page refuses", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await submitLogin(page, "integration@lupa.local", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/(overview|verifications)/, { timeout: 30_000 });
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Regras" })).toHaveCount(0);
    await gotoHydrated(page, "/rules");
    await expect(page.getByTestId("rules-refused")).toBeVisible();
    await expect(page.getByTestId("rules-versions")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
