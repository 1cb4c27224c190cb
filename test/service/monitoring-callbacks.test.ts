// Monitoring out to integrators (issue 32, item 5): the setting monitoring.callbackUrl (the v3
// callbacks' URL rules), alert.opened and alert.resolved delivered signed to a REAL HTTPS receiver
// (127.0.0.1, allowed by LUPA_CALLBACK_ALLOW_LIST, its certificate trusted via
// LUPA_CALLBACK_CA_FILE) through the durable outbox, retried after a 500; and a run sent as a
// pg-boss job by the workers, as an import does.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { eventually, startService, type TestService, type TestWorkspace } from "../support/harness";
import { startHttpsReceiver, type HttpsReceiver, type RecordedRequest } from "../support/https-receiver";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";
import { writeSanctionsZip } from "../support/sanctions-fixture";
import { verifyCallbackSignature } from "../../lib/contract/webhooks/verify";
import { makeCnpj, makeCpf, maskDocument } from "../../lib/contract/documents";
import { importSanctions } from "../../server/registry/sanctions";
import { queueRuns, sendRuns } from "../../server/monitoring/runs";

let receiver: HttpsReceiver;
let t: TestService;
let ws: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let dir: string;
let secret: string;
const HOOK = "/hooks/monitoring";

beforeAll(async () => {
  receiver = await startHttpsReceiver((req, res) => {
    // the first request of each event fails: the delivery must be retried
    const body = JSON.parse(req.rawBody) as { id: string };
    const n = receiver.requests.filter((r) => r.rawBody.includes(body.id)).length;
    res.writeHead(n === 1 ? 500 : 204).end();
  });
  dir = mkdtempSync(path.join(tmpdir(), "lupa-monitoring-cb-"));
  writeFileSync(path.join(dir, "ca.pem"), receiver.ca);
  t = await startService({ env: { LUPA_CALLBACK_ALLOW_LIST: "127.0.0.1", LUPA_CALLBACK_CA_FILE: path.join(dir, "ca.pem") } });
  ws = await t.createWorkspace();
  api = reviewApi(t);
  secret = (await t.request({ method: "GET", url: "/api/v3/callback-secret", token: ws.tokens.admin })).json().secret;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Event = { id: string; type: string; createdAt: string; data: Record<string, unknown> };
const eventsAt = (type: string, alertId: string): RecordedRequest[] =>
  receiver.requests.filter((r) => {
    const body = JSON.parse(r.rawBody) as Event;
    return body.type === type && body.data.id === alertId;
  });
const delivered = (type: string, alertId: string) =>
  eventually(
    async () => eventsAt(type, alertId),
    (list) => list.length >= 2,
    30_000,
  );
const verified = (req: RecordedRequest) =>
  verifyCallbackSignature({
    secret,
    rawBody: req.rawBody,
    signatureHeader: req.headers["x-service-signature"] as string,
    timestampHeader: req.headers["x-service-timestamp"] as string,
  });

describe("monitoring.callbackUrl", () => {
  it("follows the callbacks' URL rules, with exact codes, and keeps its path out of the audit event", async () => {
    for (const callbackUrl of ["http://127.0.0.1/hook", "https://10.1.2.3/hook", "https://localhost/hook", "not a url"])
      expectError(await api.put("/settings", ws.tokens.admin, { monitoring: { callbackUrl } }), 400, "invalid_callback");
    expectError(await api.put("/settings", ws.tokens.admin, { monitoring: { callbackUrl: 42 } }), 400, "invalid_body");
    expectError(await api.put("/settings", ws.tokens.analyst, { monitoring: { callbackUrl: null } }), 403, "forbidden");
    const url = `${receiver.url}${HOOK}?token=segredo`;
    const res = await api.put("/settings", ws.tokens.admin, { monitoring: { callbackUrl: url } });
    expect(res.statusCode).toBe(200);
    expect(res.json().monitoring.callbackUrl).toBe(url);
    const [event] = await eventsOf(t, ws.id, "settings.changed");
    expect(JSON.stringify(event!.data)).not.toContain("segredo");
    expect((event!.data.changes as { monitoring: { to: { callbackUrl: string } } }).monitoring.to.callbackUrl).toBe(`${receiver.url}/…`);
  });

  it("delivers alert.opened and alert.resolved signed, retried after a 500", async () => {
    const d = makeCpf("818181818");
    const caseId = await insertCase(t, ws, { nationalId: d, feedbackStatus: "APPROVED", firstDecidedAt: new Date() });
    const listed = await t.request({
      method: "POST",
      url: `/api/v2/blacklist?workspaceId=${ws.id}`,
      token: ws.tokens.analyst,
      body: { nationalId: d, reason: "fraude" },
    });
    expect(listed.statusCode).toBe(201);
    const [alert] = (await api.get(`/alerts?caseId=${caseId}`, ws.tokens.viewer)).json().alerts;
    const opened = await delivered("alert.opened", alert.id);
    expect(opened.map((r) => r.path)).toEqual([`${HOOK}?token=segredo`, `${HOOK}?token=segredo`]);
    expect(opened[0]!.rawBody).toBe(opened[1]!.rawBody); // the same event, retried
    for (const req of opened) expect(verified(req)).toMatchObject({ ok: true });
    const body = JSON.parse(opened[0]!.rawBody) as Event;
    expect(body).toEqual({ id: expect.stringMatching(/^evt_/), type: "alert.opened", createdAt: expect.any(String), data: alert });
    expect(opened[0]!.rawBody).not.toContain(d);
    expect(alert.document).toBe(maskDocument(d));

    const resolved = await api.post(`/alerts/${alert.id}/resolve`, ws.tokens.analyst, { resolution: "confirmed", comment: "confirmado" });
    expect(resolved.statusCode).toBe(200);
    const sent = await delivered("alert.resolved", alert.id);
    expect(verified(sent[1]!)).toMatchObject({ ok: true });
    expect((JSON.parse(sent[1]!.rawBody) as Event).data).toEqual(resolved.json());
  }, 60_000);

  it("runs a queued run as a job and delivers the alerts it opens; none once the URL is cleared", async () => {
    const company = makeCnpj("616161610001");
    const caseId = await insertCase(t, ws, { nationalId: company, feedbackStatus: "APPROVED", firstDecidedAt: new Date() });
    const zip = await writeSanctionsZip(dir, "CNEP", "20250501", [
      { kind: "J", document: company, name: "EMPRESA", category: "Multa", start: "01/01/2024", end: "", agency: "CGU", uf: "DF" },
    ]);
    await importSanctions(t.services.database, zip, () => {});
    const { ids } = await queueRuns(t.services.db, "sanctions", ws.id);
    await sendRuns(t.services.queue, ids);
    const status = await eventually(
      async () => (await api.get("/monitoring/status", ws.tokens.viewer)).json(),
      (s) => s.runs[0]?.state === "done",
      30_000,
    );
    expect(status.runs[0]).toMatchObject({ source: "sanctions", release: "CNEP:20250501_CNEP.zip", alerts: 1 });
    const [alert] = (await api.get(`/alerts?caseId=${caseId}`, ws.tokens.viewer)).json().alerts;
    expect(alert).toMatchObject({ kind: "sanction_added", source: "sanctions" });
    await delivered("alert.opened", alert.id);

    await api.put("/settings", ws.tokens.admin, { monitoring: { callbackUrl: null } });
    const other = makeCpf("828282828");
    await insertCase(t, ws, { nationalId: other, feedbackStatus: "APPROVED", firstDecidedAt: new Date() });
    await t.request({
      method: "POST",
      url: `/api/v2/blacklist?workspaceId=${ws.id}`,
      token: ws.tokens.analyst,
      body: { nationalId: other, reason: "fraude" },
    });
    const [quiet] = (await api.get(`/alerts?kind=restrictive_added&state=open`, ws.tokens.viewer)).json().alerts;
    const rows = await t.services.db.execute(sql`select count(*)::int as n from callback_deliveries where owner_id = ${quiet.id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  }, 60_000);
});
