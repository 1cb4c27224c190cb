import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { AUTH_DIR } from "./support/env";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { expect, gotoCase, gotoHydrated, test } from "./support/fixtures";
import type { LupaApi } from "./support/api";
import { RestrictiveListApi } from "./support/restrictive-list";
import { freshToken, reviewCall } from "./support/review";

// Monitoring in the console (issue 32, item 6): two approved cases whose documents then enter the
// restrictive list open two restrictive_added alerts. The analyst opens "Alertas", dismisses one
// from the queue and confirms the other on its case page (each with a comment, from dialogs that
// keep the focus); the confirmed case goes back to the queue, the navigation's count follows the
// service's, the overview's "Monitoramento" card shows. Screenshots at 1280 and 420 px (in
// LUPA_E2E_SHOTS_DIR, else .test-output/monitoring) and axe on each screen.

const SHOTS = process.env.LUPA_E2E_SHOTS_DIR ?? ".test-output/monitoring";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function approvedCase(api: LupaApi): Promise<{ id: string; cpf: string }> {
  const cpf = randomCpf();
  const created = await api.createVerification(cpf, { profileId: await api.verificationProfileId("person") });
  expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
  const flags = (await reviewCall(api, "analyst", "GET", `/cases/${created.id}`)).body!.flags;
  const decided = await api.request.post(`/api/v2/verifications/${created.id}/feedbacks`, {
    headers: { authorization: `Bearer ${await freshToken(api, "analyst")}` },
    data: { status: "APPROVED", comment: "aprovado antes do monitoramento", acknowledgedFlags: flags },
  });
  expect(decided.status(), await decided.text()).toBe(201);
  return { id: created.id, cpf };
}

/** The open alerts as the service counts them: the navigation's count route, the same figure as the status'. */
async function openAlerts(api: LupaApi): Promise<number> {
  const count = await reviewCall(api, "analyst", "GET", "/monitoring/alerts/count");
  expect(count.status).toBe(200);
  const status = await reviewCall(api, "analyst", "GET", "/monitoring/status");
  expect(status.body!.openAlerts).toBe(count.body!.open);
  return count.body!.open as number;
}

async function navCount(page: Page): Promise<number> {
  const badge = page.locator("header nav").first().getByTestId("nav-alerts-count");
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.getAttribute("data-count"));
}

test("Alertas: dismiss one from the queue, confirm another on its case; the case goes back to the queue", async ({
  page,
  api,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const dismissed = await approvedCase(api);
  const confirmed = await approvedCase(api);
  const list = new RestrictiveListApi(api.request, api);
  await list.add({ nationalId: dismissed.cpf, reason: "fraude reportada pelo banco" });
  await list.add({ nationalId: confirmed.cpf, reason: "documento usado em golpe" });

  // the queue: both alerts, open, with what changed and where
  await gotoHydrated(page, "/alerts");
  const row = (caseId: string) => page.getByTestId("alerts-list").locator(`[data-testid=alert-item][data-case="${caseId}"]`);
  await expect(row(dismissed.id)).toBeVisible();
  await expect(row(confirmed.id)).toBeVisible();
  await expect(row(dismissed.id).getByTestId("alert-change")).toContainText("Fora da lista restritiva");
  await expect(row(dismissed.id).getByTestId("alert-change")).toContainText("Na lista restritiva (fraude reportada pelo banco)");
  await expect(row(dismissed.id).getByTestId("alert-source")).toHaveText("Lista restritiva");
  await expect(row(dismissed.id).getByTestId("alert-case-link")).toHaveText(/^Caso \d{3}\.\*{3}\.\*{3}-\d{2}$/);
  await expect.poll(() => navCount(page)).toBe(await openAlerts(api));
  await shoot(page, "queue-1280");
  await expectNoSeriousA11yViolations(page, "/alerts");

  // the filters live in the URL
  await page.getByTestId("alert-filter-kind").selectOption("restrictive_added");
  await expect(page).toHaveURL(/kind=restrictive_added/);
  await expect(row(dismissed.id)).toBeVisible();

  // assign to me, then dismiss from the queue with a comment (required)
  await row(dismissed.id).getByTestId("alert-assign-me").click();
  await expect(row(dismissed.id).getByTestId("alert-assignee")).toHaveText("Você");
  const dismiss = row(dismissed.id).getByTestId("alert-dismiss");
  await dismiss.click();
  const dialog = page.getByTestId("alert-resolve-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("alert-resolve-comment")).toBeFocused();
  // Escape closes it and the focus goes back to the button
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(dismiss).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("alert-resolve-confirm").click();
  await expect(dialog.getByTestId("alert-resolve-comment-error")).toBeVisible();
  await dialog.getByTestId("alert-resolve-comment").fill("homônimo: o documento listado é de outra pessoa");
  await dialog.getByTestId("alert-resolve-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(row(dismissed.id)).toHaveCount(0);
  await expect.poll(() => navCount(page)).toBe(await openAlerts(api));
  const after = await reviewCall(api, "analyst", "GET", `/alerts?caseId=${dismissed.id}`);
  expect((after.body!.alerts as Array<{ state: string; comment: string }>)[0]).toMatchObject({
    state: "dismissed",
    comment: "homônimo: o documento listado é de outra pessoa",
  });
  // the dismissed one is under "Descartados", with who and why
  await page.getByTestId("alert-filter-state").selectOption("dismissed");
  await expect(row(dismissed.id).getByTestId("alert-resolution")).toContainText("homônimo");

  // the other one on its case page, at the top; confirmed from the keyboard
  const countBefore = await navCount(page);
  await gotoCase(page, confirmed.id);
  const caseAlerts = page.getByTestId("case-alerts");
  await expect(caseAlerts).toBeVisible();
  await expect(caseAlerts.getByTestId("alert-item")).toHaveCount(1);
  await expect(page.getByTestId("verification-decision")).toHaveAttribute("data-status", "APPROVED");
  await shoot(page, "case-alert-1280");
  await page.screenshot({ path: `${SHOTS}/case-alert-1280-top.png` });
  await expectNoSeriousA11yViolations(page, "case page with an alert");
  // the same at 420 px: the alert is a card above the dossier, its buttons reachable
  const narrowCase = await browser.newContext({ storageState: `${AUTH_DIR}/analyst.json`, viewport: { width: 420, height: 900 } });
  const phoneCase = await narrowCase.newPage();
  await gotoCase(phoneCase, confirmed.id);
  await expect(phoneCase.getByTestId("case-alerts").getByTestId("alert-confirm")).toBeVisible();
  await phoneCase.getByTestId("case-alerts").scrollIntoViewIfNeeded();
  await phoneCase.screenshot({ path: `${SHOTS}/case-alert-420.png` });
  await expectNoSeriousA11yViolations(phoneCase, "case page with an alert at 420 px");
  await narrowCase.close();
  await caseAlerts.getByTestId("alert-confirm").focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("alert-resolve-comment")).toBeFocused();
  await page.keyboard.type("documento confirmado em golpe: reavaliar o cliente");
  await dialog.getByTestId("alert-resolve-confirm").click();
  await expect(dialog).toBeHidden();
  // back in the queue: the flag shows, the decision is cleared, the alert is gone from the top
  await expect(caseAlerts).toHaveCount(0);
  await expect(page.getByTestId("case-flags").locator("[data-flag=alert_confirmed]")).toBeVisible();
  await expect(page.getByTestId("verification-decision")).toHaveAttribute("data-decision", "NOTSTARTED");
  // a fresh token: the e2e API's live 75 s, and this test takes longer on a loaded machine
  const v2 = await api.request.get(`/api/v2/verifications/${confirmed.id}`, {
    headers: { authorization: `Bearer ${await freshToken(api, "analyst")}` },
  });
  expect(v2.status()).toBe(200);
  expect(((await v2.json()) as { feedbackStatus: string }).feedbackStatus).toBe("NOTSTARTED");
  await expect.poll(() => navCount(page)).toBe(await openAlerts(api));
  expect(await navCount(page)).toBeLessThan(countBefore);
  // the timeline says so in pt-BR
  await expect(page.locator("[data-testid=timeline-event][data-type='alert.resolved']").first()).toBeAttached();

  // the overview's card
  await gotoHydrated(page, "/overview");
  const card = page.getByTestId("monitoring-card");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("monitoring-watched")).toHaveText(/^\d[\d.]*$/);
  await expect(card.getByTestId("monitoring-open-alerts")).toHaveText(String(await openAlerts(api)));
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SHOTS}/overview-card-1280.png` });
  await expectNoSeriousA11yViolations(page, "/overview");
  await card.getByTestId("monitoring-alerts-link").click();
  await expect(page).toHaveURL(/\/alerts$/);

  // 420 px: the queue's rows are cards, nothing scrolls sideways
  const narrow = await browser.newContext({ storageState: `${AUTH_DIR}/analyst.json`, viewport: { width: 420, height: 900 } });
  const phone = await narrow.newPage();
  for (const [path, name] of [
    ["/alerts?state=dismissed", "queue-420"],
    ["/overview", "overview-420"],
  ] as const) {
    await gotoHydrated(phone, path);
    if (name === "queue-420") await expect(phone.getByTestId("alert-item").first()).toBeVisible();
    else await expect(phone.getByTestId("monitoring-card").getByTestId("monitoring-watched")).toBeVisible();
    const widths = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.inner);
    await shoot(phone, name);
    if (name === "overview-420") await phone.getByTestId("monitoring-card").screenshot({ path: `${SHOTS}/overview-card-420.png` });
    await expectNoSeriousA11yViolations(phone, `${path} at 420 px`);
  }
  await narrow.close();
});

test("Monitorar: an admin switches a case off and on; an analyst reads its state", async ({ page, api, browser }) => {
  test.setTimeout(180_000);
  const watched = await approvedCase(api);
  await gotoCase(page, watched.id);
  await expect(page.getByTestId("case-monitoring-state")).toHaveAttribute("data-enabled", "true");
  await expect(page.getByTestId("case-monitoring-switch")).toHaveCount(0);

  const admin = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json`, viewport: { width: 420, height: 900 } });
  const adminPage = await admin.newPage();
  await gotoCase(adminPage, watched.id);
  const toggle = adminPage.getByTestId("case-monitoring-switch");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(adminPage.getByTestId("case-monitoring-state")).toHaveAttribute("data-enabled", "false");
  expect(((await reviewCall(api, "admin", "GET", `/cases/${watched.id}`)).body!.monitoring as { override: boolean }).override).toBe(false);
  await toggle.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await admin.close();
});

test("the BFF's refusals: exact status and code for a bad filter, body or id, a resolved alert and a viewer", async ({
  page,
  api,
  browser,
}) => {
  test.setTimeout(180_000);
  const approved = await approvedCase(api);
  await new RestrictiveListApi(api.request, api).add({ nationalId: approved.cpf, reason: "teste das recusas" });
  const alerts = await reviewCall(api, "analyst", "GET", `/alerts?caseId=${approved.id}`);
  const alertId = (alerts.body!.alerts as Array<{ id: string }>)[0]!.id;
  await gotoHydrated(page, "/alerts");
  const origin = new URL(page.url()).origin;
  const send = async (method: "POST" | "PUT" | "GET", path: string, data?: unknown, on: Page = page) => {
    const response = await on.request.fetch(path, { method, headers: { origin }, ...(data !== undefined ? { data } : {}) });
    const body = (await response.json()) as { error?: { code: string } };
    return { status: response.status(), code: body.error?.code ?? null };
  };
  expect(await send("GET", "/bff/monitoring/alerts?state=closed")).toEqual({ status: 400, code: "invalid_request" });
  expect(await send("GET", "/bff/monitoring/alerts?caseId=123")).toEqual({ status: 400, code: "invalid_request" });
  const resolve = `/bff/monitoring/alerts/${alertId}/resolve`;
  expect(await send("POST", resolve, { resolution: "maybe", comment: "x" })).toEqual({ status: 400, code: "invalid_request" });
  expect(await send("POST", resolve, { resolution: "dismissed", comment: "   " })).toEqual({ status: 400, code: "invalid_request" });
  expect(await send("POST", resolve, { resolution: "dismissed", comment: "x".repeat(2001) })).toEqual({
    status: 400,
    code: "invalid_request",
  });
  expect(await send("POST", "/bff/monitoring/alerts/not-an-id/resolve", { resolution: "dismissed", comment: "x" })).toEqual({
    status: 404,
    code: "not_found",
  });
  expect(await send("POST", `/bff/monitoring/alerts/${crypto.randomUUID()}/resolve`, { resolution: "dismissed", comment: "x" })).toEqual({
    status: 404,
    code: "not_found",
  });
  expect(await send("PUT", `/bff/monitoring/alerts/${alertId}/assignee`, { assign: "someone" })).toEqual({
    status: 400,
    code: "invalid_request",
  });
  expect(await send("PUT", `/bff/verifications/${approved.id}/monitoring`, { enabled: "yes" })).toEqual({
    status: 400,
    code: "invalid_request",
  });
  // an analyst may not switch a case's monitoring (admins)
  expect(await send("PUT", `/bff/verifications/${approved.id}/monitoring`, { enabled: false })).toEqual({ status: 403, code: "forbidden" });
  // a viewer reads, never resolves
  const viewer = await browser.newContext({ storageState: `${AUTH_DIR}/viewer.json` });
  const viewerPage = await viewer.newPage();
  await gotoHydrated(viewerPage, "/alerts");
  // the viewer reads the queue without a control that acts
  await expect(viewerPage.locator(`[data-testid=alert-item][data-case="${approved.id}"]`)).toBeVisible();
  await expect(viewerPage.getByTestId("alert-confirm")).toHaveCount(0);
  await expect(viewerPage.getByTestId("alert-assign-me")).toHaveCount(0);
  expect(await send("POST", resolve, { resolution: "dismissed", comment: "leitor" }, viewerPage)).toEqual({
    status: 403,
    code: "forbidden",
  });
  await viewer.close();
  // another site's form is refused before anything is sent
  const forged = await page.request.fetch(resolve, {
    method: "POST",
    headers: { origin: "http://evil.example" },
    data: { resolution: "dismissed", comment: "x" },
  });
  expect(forged.status()).toBe(403);
  // resolved once; the second time is 409 alert_resolved
  expect((await send("POST", resolve, { resolution: "dismissed", comment: "descartado no teste" })).status).toBe(200);
  expect(await send("POST", resolve, { resolution: "confirmed", comment: "de novo" })).toEqual({ status: 409, code: "alert_resolved" });
});

test("Configurações: an admin sets which sources are compared; none while on is refused", async ({ api, browser }) => {
  test.setTimeout(120_000);
  const before = await reviewCall(api, "admin", "GET", "/settings");
  const previous = before.body!.monitoring as { enabled: boolean; scope: string; sources: string[] };
  const admin = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json` });
  const page = await admin.newPage();
  try {
    await gotoHydrated(page, "/settings");
    const section = page.getByTestId("settings-monitoring");
    await expect(section.getByTestId("settings-monitoring-enabled")).toBeChecked();
    await expect(section.getByTestId(`settings-monitoring-scope-${previous.scope}`)).toBeChecked();
    // every source off: the form says so before sending
    for (const source of ["sanctions", "registry", "restrictive"])
      await section.getByTestId(`settings-monitoring-source-${source}`).uncheck();
    await page.getByTestId("settings-save").click();
    await expect(page.getByTestId("settings-problem")).toHaveText("Monitoramento ligado pede ao menos uma fonte.");
    // the sanctions off (no e2e imports them), the rest kept
    for (const source of ["registry", "restrictive"]) await section.getByTestId(`settings-monitoring-source-${source}`).check();
    await page.getByTestId("settings-save").click();
    await expect(page.getByTestId("settings-problem")).toHaveCount(0);
    await expect
      .poll(async () => ((await reviewCall(api, "admin", "GET", "/settings")).body!.monitoring as { sources: string[] }).sources)
      .toEqual(["registry", "restrictive"]);
  } finally {
    await reviewCall(api, "admin", "PUT", "/settings", { monitoring: previous });
    await admin.close();
  }
});

// The runs and the registry and sanctions sources need imported releases, which the e2e service
// has none of: their rendering is checked on answers of the BFF stubbed in the browser.
test("the card's runs and unchecked reasons, and registry and sanctions alerts, as the console shows them", async ({ page }) => {
  const at = new Date(Date.now() - 3 * 3_600_000).toISOString();
  const run = (source: string, release: string, state: string, alerts: number) => ({
    id: crypto.randomUUID(),
    source,
    release,
    watched: 1_000_000,
    checked: state === "running" ? 420_000 : 999_200,
    unchecked: 800,
    uncheckedReasons: { not_in_registry: 800 },
    alerts,
    startedAt: at,
    endedAt: state === "running" ? null : at,
    state,
  });
  await page.route("**/bff/monitoring/summary", (route) =>
    route.fulfill({
      json: {
        status: {
          enabled: true,
          watched: 1_000_000,
          checkedAgainstLatest: 999_200,
          coverage: 0.9992,
          unchecked: { count: 800, reasons: { not_in_registry: 500, no_name: 300 } },
          openAlerts: 1234,
          latest: { sanctions: "CEIS:20261201_CEIS.zip+CNEP:20261201_CNEP.zip", registry: "2026-11" },
          runs: [
            run("registry", "2026-11", "running", 0),
            run("sanctions", "CEIS:20261201_CEIS.zip", "done", 12),
            run("registry", "2026-10", "failed", 3),
          ],
        },
        openAlerts: 1234,
        more: false,
      },
    }),
  );
  // the navigation reads its own count (GET /monitoring/alerts/count), not the card's status
  await page.route("**/bff/monitoring/count", (route) => route.fulfill({ json: { openAlerts: 150, more: false } }));
  const alert = (kind: string, source: string, before: unknown, after: unknown, confidence = "exact") => ({
    id: crypto.randomUUID(),
    caseId: crypto.randomUUID(),
    document: source === "registry" && kind !== "related_company_flagged" ? "12.345.***/****-95" : "123.***.***-09",
    source,
    kind,
    change: { before, after },
    release: source === "registry" ? "2026-11" : "CEIS:20261201_CEIS.zip",
    confidence,
    detectedAt: at,
    state: "open",
    assignee: null,
    resolvedBy: null,
    resolvedAt: null,
    comment: null,
  });
  await page.route("**/bff/monitoring/alerts?*", (route) =>
    route.fulfill({
      json: {
        alerts: [
          alert("company_status_changed", "registry", { situacao: "ATIVA" }, { situacao: "BAIXADA" }),
          alert("partner_added", "registry", null, { name: "MARIA DA SILVA", qualification: "SÓCIO-ADMINISTRADOR" }),
          alert("sanction_added", "sanctions", null, { list: "CEIS", sanction: "IMPEDIMENTO DE LICITAR", organ: "CGU" }, "probable"),
        ],
        nextCursor: "next",
      },
    }),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/overview");
  const card = page.getByTestId("monitoring-card");
  await expect(card.getByTestId("monitoring-coverage")).toHaveText("99,9%");
  await expect(card.getByTestId("monitoring-watched")).toHaveText("1.000.000");
  await expect(card.getByTestId("monitoring-alerts-link")).toHaveText("Ver 1.234 em Alertas");
  await expect(card.getByTestId("monitoring-run")).toHaveCount(3);
  await expect(card.getByTestId("monitoring-unchecked")).toContainText("CNPJ ausente da versão atual da Receita: 500");
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SHOTS}/overview-card-runs-1280.png` });
  await expectNoSeriousA11yViolations(page, "/overview with runs");
  await gotoHydrated(page, "/alerts");
  await expect(page.getByTestId("alert-item")).toHaveCount(3);
  await expect(page.getByTestId("alert-change").first()).toHaveText(/^Situação: Ativa\s*→\s*passou a\s*Baixada$/);
  await expect(page.getByTestId("alerts-more")).toBeVisible();
  // past 99 the navigation says "99+" (its own count, 150), the card the exact number of the status
  await expect(page.locator("header nav").first().getByTestId("nav-alerts-count")).toContainText("99+");
  await expect(page.locator("header nav").first().getByTestId("nav-alerts-count")).toHaveAttribute("data-count", "150");
  await shoot(page, "queue-registry-sanctions-1280");
  await page.setViewportSize({ width: 420, height: 900 });
  await shoot(page, "queue-registry-sanctions-420");
  await expectNoSeriousA11yViolations(page, "/alerts with registry and sanctions alerts at 420 px");
});
