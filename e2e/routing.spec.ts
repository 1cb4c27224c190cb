import { mkdirSync } from "node:fs";
import { maskDocument } from "@/lib/contract/documents";
import { profileLabel } from "@/lib/contract/labels";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import type { LupaApi } from "./support/api";
import { AUTH_DIR, USERS } from "./support/env";
import { expect, gotoCase, gotoHydrated, gotoList, openUserMenu, test } from "./support/fixtures";
import { RestrictiveListApi } from "./support/restrictive-list";
import { changeSettings, reviewCall } from "./support/review";

// Routing in the console (issue 35 item 5): an admin adds a rule in /settings → "Distribuição"
// and saves it (the mode stays off, so the cases other tests complete meanwhile are not routed),
// marks the analyst away, and sees the dry run of the last cases under round_robin ("quem teria
// recebido": the absent analyst gets none); the analyst sets and clears their own absence from
// the user menu. Screenshots at 1280 and 420 px, axe without serious violations.
// Then the editor's other conditions (profile, risk flags, recommendation): set in the form, checked
// in pt-BR, saved (read back from the API) and applied by the dry run; and a named queue: a case a
// rule sent to it is found through the list's "Fila nomeada" and shows its queue on its page.

test.describe.configure({ mode: "serial" });

const SHOTS = "/work/shots/routing";

test("routing: a rule, an absence, the dry run; the analyst's own 'Ausente até…'", async ({ page, api, browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const members = (await reviewCall(api, "admin", "GET", "/members")).body!.members as Array<{ id: string; email: string; name: string }>;
  const analyst = members.find((m) => m.email === USERS.analyst)!;
  const admin = members.find((m) => m.email === USERS.admin)!;
  const before = await changeSettings(api, { routing: { mode: "off", rules: [] } });
  const context = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json`, viewport: { width: 1280, height: 900 } });
  const a = await context.newPage();
  try {
    await gotoHydrated(a, "/settings");
    const section = a.getByTestId("routing-section");
    await expect(section.getByTestId("routing-no-rules")).toBeVisible();

    // a rule for everyone: the analyst and the admin, in turn
    await section.getByTestId("routing-add-rule").click();
    const rule = section.getByTestId("routing-rule");
    await rule.getByTestId("routing-rule-name").fill("Todos os casos");
    await rule.getByRole("checkbox", { name: analyst.name || analyst.email }).check();
    await rule.getByRole("checkbox", { name: admin.name || admin.email, exact: true }).check();
    await section.getByTestId("routing-save").click();
    await expect(a.getByText("Distribuição salva.")).toBeVisible();
    const saved = (await reviewCall(api, "admin", "GET", "/settings")).body!.routing as { mode: string; rules: { name: string }[] };
    expect(saved).toMatchObject({ mode: "off", rules: [{ name: "Todos os casos" }] });

    // the analyst away, from the team list
    const row = section.getByTestId("routing-member").filter({ hasText: analyst.name || analyst.email });
    await row.getByTestId("routing-member-away-input").fill("2099-12-31");
    await row.getByTestId("routing-member-save").click();
    await expect(row.getByTestId("routing-member-away")).toHaveText("Ausente até 31/12/2099");

    // the dry run under round_robin (on screen, not saved): the absent analyst receives nothing
    await section.getByTestId("routing-mode").selectOption("round_robin");
    await section.getByTestId("routing-dry-run-button").click();
    const dry = section.getByTestId("routing-dry-run");
    await expect(dry).toBeVisible();
    await expect(dry.getByTestId("routing-dry-run-case").first()).toBeVisible();
    await expect(dry).toContainText(`${admin.name || admin.email} (`);
    await expect(dry.getByRole("cell", { name: analyst.name || analyst.email, exact: true })).toHaveCount(0);

    await a.evaluate(() => window.scrollTo(0, 0));
    await a.screenshot({ path: `${SHOTS}/distribuicao-1280.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "Distribuição at 1280 px");
    await a.setViewportSize({ width: 420, height: 900 });
    await a.evaluate(() => window.scrollTo(0, 0));
    await a.screenshot({ path: `${SHOTS}/distribuicao-420.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "Distribuição at 420 px");

    // the analyst's own absence from the user menu: set, then cleared
    await reviewCall(api, "admin", "PUT", `/members/${analyst.id}/routing`, { cap: null, awayUntil: null });
    await page.setViewportSize({ width: 420, height: 900 });
    await gotoHydrated(page, "/overview");
    await openUserMenu(page);
    await page.getByTestId("away-menu").click();
    await page.getByTestId("away-day").fill("2099-01-15");
    await page.getByTestId("away-save").click();
    // the user menu's button says it, and so does its item
    await expect(page.getByTestId("user-menu-away")).toHaveText("ausente até 15/01");
    await openUserMenu(page);
    await expect(page.getByTestId("away-menu")).toHaveText("Ausente até 15/01/2099");
    await page.getByTestId("away-menu").click();
    await page.screenshot({ path: `${SHOTS}/ausente-ate-420.png` });
    await expectNoSeriousA11yViolations(page, "Ausente até… at 420 px");
    await page.getByTestId("away-clear").click();
    await expect(page.getByTestId("user-menu-away")).toHaveCount(0);
    await openUserMenu(page);
    await expect(page.getByTestId("away-menu")).toHaveText("Ausente até…");
    const mine = (await reviewCall(api, "admin", "GET", "/routing/members")).body!.members as Array<{
      userId: string;
      awayUntil: string | null;
    }>;
    expect(mine.find((m) => m.userId === analyst.id)!.awayUntil).toBeNull();
  } finally {
    await context.close();
    await reviewCall(api, "admin", "PUT", `/members/${analyst.id}/routing`, { cap: null, awayUntil: null });
    await changeSettings(api, before);
  }
});

/** A CPF on the workspace's restrictive list and its completed case (flag restrictive_list), with the person profile. */
async function listedCase(api: LupaApi, profileId: string) {
  const cpf = randomCpf();
  await new RestrictiveListApi(api.request, api).add({ nationalId: cpf, reason: "Teste de distribuição" });
  const created = await api.createVerification(cpf, { profileId });
  const done = await api.waitUntilTerminal(created.id);
  expect(done.status).toBe("COMPLETED");
  return { cpf, id: created.id, score: (done.result?.score ?? null) as number | null };
}

test("routing: the editor sets profile, flag and recommendation conditions; saved, checked and applied by the dry run", async ({
  api,
  browser,
}) => {
  test.setTimeout(180_000);
  const members = (await reviewCall(api, "admin", "GET", "/members")).body!.members as Array<{ id: string; email: string; name: string }>;
  const admin = members.find((m) => m.email === USERS.admin)!;
  const person = await api.verificationProfileId("person");
  const listed = await listedCase(api, person);
  const plain = await api.createVerification(randomCpf(), { profileId: person });
  expect((await api.waitUntilTerminal(plain.id)).status).toBe("COMPLETED");
  const before = await changeSettings(api, { routing: { mode: "off", rules: [] } });
  const context = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json`, viewport: { width: 1280, height: 900 } });
  const a = await context.newPage();
  try {
    await gotoHydrated(a, "/settings");
    const section = a.getByTestId("routing-section");
    await section.getByTestId("routing-add-rule").click();
    const rule = section.getByTestId("routing-rule");
    await rule.getByTestId("routing-rule-name").fill("Lista restritiva PF");
    await rule
      .getByTestId("routing-rule-profiles")
      .getByRole("checkbox", { name: profileLabel(person) })
      .check();
    await rule.getByTestId("routing-rule-flags").getByRole("checkbox", { name: "Lista restritiva", exact: true }).check();
    // the keyboard reaches them: Space checks the focused box
    const reprove = rule.getByTestId("routing-rule-recommendations").getByRole("checkbox", { name: "Reprovar" });
    await reprove.focus();
    await a.keyboard.press("Space");
    await expect(reprove).toBeChecked();
    await a.keyboard.press("Space");
    await expect(reprove).not.toBeChecked();
    await rule.getByRole("checkbox", { name: admin.name || admin.email, exact: true }).check();

    // a person's profile on a rule for companies only: refused in pt-BR, nothing saved
    await rule.getByLabel("Documento").selectOption("cnpj");
    await section.getByTestId("routing-save").click();
    await expect(section.getByTestId("routing-problem")).toHaveText(
      `Lista restritiva PF: o perfil “${profileLabel(person)}” é de pessoas, e a regra pega só CNPJ (empresas).`,
    );
    expect(((await reviewCall(api, "admin", "GET", "/settings")).body!.routing as { rules: unknown[] }).rules).toEqual([]);
    await rule.getByLabel("Documento").selectOption("");
    await section.getByTestId("routing-save").click();
    await expect(a.getByText("Distribuição salva.")).toBeVisible();
    const saved = (await reviewCall(api, "admin", "GET", "/settings")).body!.routing as { rules: Array<Record<string, unknown>> };
    expect(saved.rules).toEqual([
      {
        id: expect.any(String),
        name: "Lista restritiva PF",
        when: { profiles: [person], flags: ["restrictive_list"] },
        to: { analysts: [admin.id] },
      },
    ]);

    // the dry run under round_robin: the listed case goes to the admin by the rule; the plain one matches no rule
    await section.getByTestId("routing-mode").selectOption("round_robin");
    await section.getByTestId("routing-dry-run-button").click();
    const dry = section.getByTestId("routing-dry-run");
    const rowOf = (cpf: string) => dry.getByTestId("routing-dry-run-case").filter({ hasText: maskDocument(cpf) });
    await expect(rowOf(listed.cpf).getByRole("cell")).toHaveText([/.*/, /.*/, "Lista restritiva PF", admin.name || admin.email]);
    await expect(rowOf(plain.nationalId).getByRole("cell").nth(3)).toHaveText("Nenhuma regra");
    await expect(rowOf(plain.nationalId).getByRole("cell").nth(2)).toHaveText("—");
    await a.evaluate(() => window.scrollTo(0, 0));
    await a.screenshot({ path: `${SHOTS}/distribuicao-condicoes-1280.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "Distribuição with every condition at 1280 px");
  } finally {
    await context.close();
    await changeSettings(api, before);
  }
});

test("routing: a case sent to a named queue is found through the list's 'Fila nomeada' and shows its queue", async ({ page, api }) => {
  test.setTimeout(180_000);
  const person = await api.verificationProfileId("person");
  const queue = `Fila E2E ${Date.now() % 100_000}`;
  // the first case of a listed CPF tells its score; a second one of the same CPF scores the same, and
  // only it completes while the rule (the flag, the profile and that exact score) routes
  const first = await listedCase(api, person);
  expect(first.score).not.toBeNull();
  const queueRule = {
    id: "e2e-fila",
    name: "Fila E2E",
    when: { profiles: [person], flags: ["restrictive_list"], scoreMin: first.score, scoreMax: first.score },
    to: { queue },
  };
  const before = await changeSettings(api, { routing: { mode: "round_robin", rules: [queueRule] } });
  try {
    const routed = await api.createVerification(first.cpf, { profileId: person });
    expect((await api.waitUntilTerminal(routed.id)).status).toBe("COMPLETED");
    // off again (the cases other tests complete are not routed); the rule stays, so the list offers its queue
    await changeSettings(api, { routing: { mode: "off" } });
    const review = (await reviewCall(api, "analyst", "GET", `/cases/${routed.id}`)).body!;
    expect(review.namedQueue).toEqual({ name: queue, routedAt: expect.any(String) });

    await gotoList(page, "/verifications");
    await page.getByTestId("filter-named-queue").selectOption(queue);
    await expect.poll(() => new URL(page.url()).searchParams.get("namedQueue")).toBe(queue);
    const rows = page.getByTestId("verification-row");
    await expect(rows.filter({ has: page.locator(`a[href="/verifications/${routed.id}"]`) })).toHaveCount(1);
    await expect(rows.filter({ has: page.locator(`a[href="/verifications/${first.id}"]`) })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the list filtered by a named queue");

    await gotoCase(page, routed.id);
    const named = page.getByTestId("case-named-queue");
    await expect(named).toContainText(`Fila ${queue}`);
    await expect(named.getByRole("link", { name: queue })).toHaveAttribute(
      "href",
      `/verifications?namedQueue=${encodeURIComponent(queue)}`,
    );
  } finally {
    await changeSettings(api, before);
  }
});
