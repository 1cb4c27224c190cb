import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startHttpsReceiver } from "../test/support/https-receiver";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { AUTH_DIR, E2E_RECEIVER_CA } from "./support/env";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { freshToken, reviewCall } from "./support/review";

// Webhooks in the console (issue 35 item 5): an admin creates an endpoint pointing at an HTTPS
// receiver this test starts, sees its secret once, an analyst decides a case, and the admin sees
// that decision's delivery in the endpoint's log, delivered, with "Reenviar". Screenshots at 1280
// and 420 px of Webhooks and of a delivery log (SHOTS, default /work/shots/webhooks); axe without
// serious violations.

const SHOTS = process.env.LUPA_SHOTS_DIR ?? "/work/shots/webhooks";

test("webhooks: create an endpoint, decide a case, see the delivery in the log", async ({ api, browser }) => {
  test.setTimeout(240_000);
  const receiver = await startHttpsReceiver((_req, res) => res.writeHead(200).end('{"ok":true}'));
  mkdirSync(path.dirname(E2E_RECEIVER_CA), { recursive: true });
  writeFileSync(E2E_RECEIVER_CA, receiver.ca);
  mkdirSync(SHOTS, { recursive: true });
  const created = await api.createVerification(randomCpf(), { profileId: "prf_kyc_person" });
  const admin = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json`, viewport: { width: 1280, height: 900 } });
  const a = await admin.newPage();
  let endpointId: string | null = null;
  try {
    await gotoHydrated(a, "/settings#webhooks");
    const section = a.locator("#webhooks");
    await expect(section.getByTestId("webhook-create")).toBeVisible();
    await section.getByTestId("webhook-url").fill(`${receiver.url}/lupa-e2e`);
    await section.getByTestId("webhook-description").fill("Sistema de contas (e2e)");
    await section.getByTestId("webhook-event-decision.created").check();
    await section.getByTestId("webhook-event-decision.proposed").check();
    await section.getByTestId("webhook-create-submit").click();
    // the secret, shown once
    await expect(section.getByTestId("webhook-secret-value")).toHaveText(/^[0-9a-f]{64}$/);
    const item = section.getByTestId("webhook-item").filter({ hasText: `${receiver.url}/lupa-e2e` });
    await expect(item).toContainText("Decisão registrada");
    await expect(item).toContainText("Ativo");
    const list = await reviewCall(api, "admin", "GET", "/webhooks");
    endpointId = (list.body!.webhooks as Array<{ id: string; url: string }>).find((w) => w.url.startsWith(receiver.url))!.id;
    await a.screenshot({ path: `${SHOTS}/webhooks-1280.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "/settings Webhooks at 1280 px");
    await section.getByRole("button", { name: "Já guardei, fechar" }).click();
    await expect(section.getByTestId("webhook-secret")).toHaveCount(0);

    // an analyst decides the case
    expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
    const decided = await api.request.post(`/api/v2/verifications/${created.id}/feedbacks`, {
      headers: { authorization: `Bearer ${await freshToken(api, "analyst")}` },
      data: { status: "STANDBY", comment: "aguardando documento" },
    });
    expect(decided.status(), await decided.text()).toBe(201);
    await expect
      .poll(() => receiver.requests.map((r) => JSON.parse(r.rawBody) as { type: string; data: { caseId?: string } }), { timeout: 30_000 })
      .toContainEqual(expect.objectContaining({ type: "decision.created", data: expect.objectContaining({ caseId: created.id }) }));

    // the delivery in the log, delivered, with its attempt
    await item.getByTestId("webhook-deliveries").click();
    const log = section.getByTestId("webhook-delivery-log");
    const delivery = log.getByTestId("webhook-delivery").filter({ hasText: "Decisão registrada" }).first();
    await expect(delivery).toHaveAttribute("data-state", "delivered", { timeout: 20_000 });
    await expect(delivery).toContainText("Entregue");
    await expect(delivery.getByRole("button", { name: "Reenviar" })).toBeEnabled();
    await delivery.getByText("Tentativas e respostas").click();
    await expect(delivery).toContainText("HTTP 200");
    await log.scrollIntoViewIfNeeded();
    await a.screenshot({ path: `${SHOTS}/delivery-log-1280.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "the delivery log at 1280 px");

    // Reenviar: the same event again
    const before = receiver.requests.length;
    await delivery.getByRole("button", { name: "Reenviar" }).click();
    await expect.poll(() => receiver.requests.length, { timeout: 30_000 }).toBeGreaterThan(before);
    const again = receiver.requests.slice(before).map((r) => r.headers["idempotency-key"]);
    expect(again[0]).toMatch(/^evt_/);

    // 420 px: the section, then the log
    await a.setViewportSize({ width: 420, height: 900 });
    await gotoHydrated(a, "/settings#webhooks");
    await expect(a.locator("#webhooks").getByTestId("webhook-item").first()).toBeVisible();
    await a.screenshot({ path: `${SHOTS}/webhooks-420.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "/settings Webhooks at 420 px");
    const narrowItem = a
      .locator("#webhooks")
      .getByTestId("webhook-item")
      .filter({ hasText: `${receiver.url}/lupa-e2e` });
    // the section settles its narrow layout after hydration (it opens for the #webhooks link): open the log once it holds
    await expect(async () => {
      const button = narrowItem.getByTestId("webhook-deliveries");
      if ((await button.getAttribute("aria-pressed")) !== "true") await button.click();
      await expect(a.locator("#webhooks").getByTestId("webhook-delivery").first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await a.locator("#webhooks").getByTestId("webhook-delivery-log").scrollIntoViewIfNeeded();
    await a.screenshot({ path: `${SHOTS}/delivery-log-420.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "the delivery log at 420 px");
  } finally {
    if (endpointId) {
      await api.request.fetch(`/api/review/v1/webhooks/${endpointId}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${await freshToken(api, "admin")}` },
      });
    }
    await admin.close();
    await receiver.close();
  }
});
