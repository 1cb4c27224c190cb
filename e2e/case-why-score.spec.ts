import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { expect, gotoCase, test } from "./support/fixtures";
import { RestrictiveListApi } from "./support/restrictive-list";
import { changeSettings, reviewCall } from "./support/review";

// "Por que este score" on the case page (issue 31): the rule set version that scored the case,
// each rule that fired with the values of the facts that fired it, and the score of a version
// running in shadow; at 1280 and 420 px, without serious axe violations.

test("the case page says why the score is what it is: version, fired rules with their facts, the shadow's score", async ({ page, api }) => {
  test.setTimeout(150_000);
  const profileId = "prf_kyc_person";
  // a shadow version: a copy of the active one with one more rule, published by the same admin
  // (the workspace's second-person rule off for the while)
  const restore = await changeSettings(api, { rules: { requireSecondPerson: false } });
  const draft = await reviewCall(api, "admin", "POST", "/rulesets", { profileId });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const id = draft.body!.id as string;
  const adult = { code: "adult", title: "Maior de idade", condition: "person.age >= 18", weight: 10, module: "profile", enabled: true };
  const saved = await reviewCall(api, "admin", "PUT", `/rulesets/${id}`, {
    rules: [...(draft.body!.rules as unknown[]), adult],
    thresholds: draft.body!.thresholds,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await reviewCall(api, "admin", "POST", `/rulesets/${id}/publish`)).status).toBe(200);
  await changeSettings(api, restore);
  expect((await reviewCall(api, "admin", "POST", `/rulesets/${id}/shadow`, { enabled: true })).status).toBe(200);
  const shadowVersion = draft.body!.version as number;

  try {
    // a holder on the workspace's restrictive list: the active version's rule for it fires
    const cpf = randomCpf();
    await new RestrictiveListApi(api.request, api).add({ nationalId: cpf, reason: "Fraude confirmada em outro caso" });
    const created = await api.createVerification(cpf, { profileId });
    expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
    const scoring = (await reviewCall(api, "viewer", "GET", `/cases/${created.id}`)).body!.scoring as {
      version: number;
      score: number;
      fired: { code: string }[];
      shadow: { version: number; score: number }[];
    };
    expect(scoring.fired.map((r) => r.code)).toContain("listed_on_workspace_restrictive_list");

    await gotoCase(page, created.id);
    const section = page.getByTestId("why-score");
    await expect(section.getByRole("heading", { name: "Por que este score" })).toBeVisible();
    await expect(section.getByTestId("why-score-version")).toHaveText(String(scoring.version));
    const listed = section.locator("[data-rule=listed_on_workspace_restrictive_list]");
    await expect(listed).toContainText("Na lista restritiva do workspace");
    // the fact by its label, the dataset's fired rules as "this rule" (no code on the page, issue 29)
    const moduleRules = listed.locator("[data-fact='dataset.moduleRules']");
    await expect(moduleRules).toContainText("inclui esta regra");
    await expect(moduleRules).toHaveAttribute("title", /profile\.listed_on_workspace_restrictive_list/);
    await expect(listed).toContainText("Regras do dataset por módulo");
    await expect(listed).not.toContainText("listed_on_workspace_restrictive_list");
    await expect(section.getByTestId("why-score-shadow").locator(`[data-version="${shadowVersion}"]`)).toContainText(
      `Versão ${shadowVersion}: score ${scoring.shadow.find((s) => s.version === shadowVersion)!.score.toLocaleString("pt-BR")}`,
    );
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: "/tmp/rules-core-why-score-1280.png" });
    await expectNoSeriousA11yViolations(page, "Por que este score at 1280 px");

    await page.setViewportSize({ width: 420, height: 900 });
    await expect(section).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    const box = await section.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(420);
    await section.screenshot({ path: "/tmp/rules-core-why-score-420.png" });
    await expectNoSeriousA11yViolations(page, "Por que este score at 420 px");
  } finally {
    await reviewCall(api, "admin", "POST", `/rulesets/${id}/shadow`, { enabled: false });
  }
});
