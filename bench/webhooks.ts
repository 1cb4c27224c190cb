// Benchmark: webhooks (issue 35 item 3's budget). Events are produced at `rate` a second for
// `seconds`, each in its own transaction through the outbox writer the acts use (writeOutbox:
// one event and its delivery per commit), spread over `cases` cases; a local HTTPS receiver (this
// process) takes them, and is DOWN for `down` seconds in the middle (every connection reset).
// Figures: commit → delivery p50/p95/p99 (all events, and those committed while the receiver was
// up and before it went down), how long the backlog took to drain after it came back, nothing lost
// (every event delivered) and nothing out of order per case (each case's first deliveries in the
// outbox's order); next to baselines in the same run: bare HTTPS POSTs to the same receiver, 100
// at a time, with a new connection each and over keep-alive connections (as the worker's agents).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lupa_bench_webhooks npm run bench -- webhooks [rate=1000] [seconds=60] [down=30] [cases=200]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { createServer } from "node:https";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { startBenchService } from "./setup";
import { selfSignedCertificate } from "../test/support/https-receiver";
import { writeOutbox } from "../server/webhooks/outbox";

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => `${Math.round(ms)} ms`;

export async function benchWebhooks(rate: number, seconds: number, down: number, cases: number): Promise<void> {
  const { key, cert } = selfSignedCertificate();
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-bench-wh-"));
  writeFileSync(path.join(dir, "ca.pem"), cert);
  let isDown = false;
  const arrived = new Map<number, number>(); // n → first arrival (performance.now)
  const arrivalOrder: { id: string; caseId: string }[] = [];
  let requests = 0;
  const server = createServer({ key, cert }, (req, res) => {
    if (isDown) return void req.socket.destroy(); // the receiver is down: the connection is reset
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests++;
      if (req.url === "/baseline") return void res.writeHead(204).end();
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; data: { n: number; caseId: string } };
      if (!arrived.has(body.data.n)) {
        arrived.set(body.data.n, performance.now());
        arrivalOrder.push({ id: body.id, caseId: body.data.caseId });
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const url = `https://127.0.0.1:${port}`;

  // baselines: bare HTTPS POSTs, 100 at a time for 5 s, a new connection each (agent: false) and
  // over keep-alive connections (as the worker's agents)
  const baseline = async (agent: false | Agent) => {
    const body = JSON.stringify({ id: "evt_baseline", type: "ping", createdAt: new Date().toISOString(), workspaceId: "x", data: {} });
    const until = performance.now() + 5_000;
    let done = 0;
    const one = () =>
      new Promise<void>((resolve) => {
        const r = request(
          `${url}/baseline`,
          { method: "POST", agent, ca: cert, headers: { "content-type": "application/json" } },
          (res) => {
            res.resume();
            res.on("end", () => resolve());
          },
        );
        r.on("error", () => resolve());
        r.end(body);
      });
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (performance.now() < until) {
          await one();
          done++;
        }
      }),
    );
    return done / 5;
  };
  const baselineFresh = await baseline(false);
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 64, ca: cert });
  const baselineKeepAlive = await baseline(keepAlive);
  keepAlive.destroy();

  const svc = await startBenchService(
    {
      LUPA_CALLBACK_ALLOW_LIST: "127.0.0.1",
      LUPA_CALLBACK_CA_FILE: path.join(dir, "ca.pem"),
      LUPA_WEBHOOK_RETRY_MS: Array(200).fill("1000").join(","), // a receiver down for long: retried every second
      LUPA_WEBHOOK_PAUSE_AFTER: "1000000000", // the bench's outage must not pause the endpoint (docs/webhooks.md, "Pause")
      LUPA_WEBHOOK_POLL_MS: process.env.LUPA_WEBHOOK_POLL_MS ?? "100",
    },
    { reuse: true },
  );
  try {
    const created = await svc.app.inject({
      method: "POST",
      url: "/api/review/v1/webhooks",
      headers: { authorization: `Bearer ${svc.token}`, "content-type": "application/json" },
      payload: JSON.stringify({ url: `${url}/hook`, events: ["note.created"] }),
    });
    if (created.statusCode !== 201) throw new Error(`endpoint not created: ${created.body}`);
    const endpointId = created.json().id as string;
    const workspaceId = (await svc.services.database.query("select workspace_id from webhook_endpoints where id = $1", [endpointId]))
      .rows[0]!.workspace_id as string;
    const caseIds = Array.from({ length: cases }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

    const committed = new Map<number, number>();
    const total = rate * seconds;
    const downFrom = (seconds - down) / 2;
    const start = performance.now();
    let produced = 0;
    let inFlight = 0;
    let downAt = 0;
    let upAt = 0;
    const writes: Promise<void>[] = [];
    console.log(`webhooks: ${rate} events/s for ${seconds} s over ${cases} cases, receiver down ${down} s from ${downFrom} s`);
    while (produced < total) {
      const elapsed = (performance.now() - start) / 1000;
      if (!isDown && downAt === 0 && elapsed >= downFrom && down > 0) {
        isDown = true;
        downAt = performance.now();
      }
      if (isDown && elapsed >= downFrom + down) {
        isDown = false;
        upAt = performance.now();
      }
      const due = Math.min(total, Math.floor(elapsed * rate)) - produced;
      for (let i = 0; i < due && inFlight < 200; i++) {
        const n = produced++;
        inFlight++;
        writes.push(
          svc.services.db
            .transaction((tx) =>
              writeOutbox(tx, [
                { workspaceId, type: "note.created", orderKey: caseIds[n % cases]!, data: { n, caseId: caseIds[n % cases]! } },
              ]),
            )
            .then(() => void committed.set(n, performance.now()))
            .finally(() => inFlight--),
        );
      }
      await sleep(5);
    }
    await Promise.all(writes);
    const producedIn = (performance.now() - start) / 1000;
    if (isDown) {
      isDown = false;
      upAt = performance.now();
    }
    // wait for the last delivery (at most 5 minutes)
    const deadline = performance.now() + 300_000;
    while (arrived.size < total && performance.now() < deadline) await sleep(200);
    const drained = performance.now();

    const latencies = [...committed].filter(([n]) => arrived.has(n)).map(([n, t]) => arrived.get(n)! - t);
    const beforeDown = [...committed]
      .filter(([n, t]) => arrived.has(n) && (downAt === 0 || t < downAt))
      .map(([n, t]) => arrived.get(n)! - t);
    const sorted = [...latencies].sort((a, b) => a - b);
    const sortedBefore = [...beforeDown].sort((a, b) => a - b);
    // order: per case, the first deliveries' event ids in the outbox's order (seq)
    const seqRows = (
      await svc.services.database.query("select event_id, order_key from webhook_deliveries where endpoint_id = $1 order by seq", [
        endpointId,
      ])
    ).rows as { event_id: string; order_key: string }[];
    const expected = new Map<string, string[]>();
    for (const r of seqRows) (expected.get(r.order_key) ?? expected.set(r.order_key, []).get(r.order_key)!).push(r.event_id);
    const got = new Map<string, string[]>();
    for (const r of arrivalOrder) (got.get(r.caseId) ?? got.set(r.caseId, []).get(r.caseId)!).push(r.id);
    const outOfOrder = [...expected].filter(([k, ids]) => JSON.stringify(ids) !== JSON.stringify(got.get(k) ?? [])).length;
    const states = (
      await svc.services.database.query("select state, count(*)::int as n from webhook_deliveries where endpoint_id = $1 group by state", [
        endpointId,
      ])
    ).rows;

    console.log(
      `  machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; database ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
    );
    console.log(
      `  baseline, bare HTTPS POST 100 at a time: ${Math.round(baselineFresh)} req/s with a new connection each, ${Math.round(baselineKeepAlive)} req/s over keep-alive`,
    );
    console.log(`  produced ${produced} events in ${producedIn.toFixed(1)} s (${Math.round(produced / producedIn)}/s)`);
    console.log(
      `  delivered ${arrived.size} of ${total} (lost ${total - arrived.size}); requests received ${requests}; deliveries by state ${JSON.stringify(states)}`,
    );
    console.log(`  out of order: ${outOfOrder} of ${expected.size} cases`);
    console.log(
      `  commit → delivery, all: p50 ${fmt(pct(sorted, 0.5))}, p95 ${fmt(pct(sorted, 0.95))}, p99 ${fmt(pct(sorted, 0.99))}, max ${fmt(sorted.at(-1) ?? NaN)}`,
    );
    console.log(
      `  commit → delivery, committed before the outage (${sortedBefore.length}): p50 ${fmt(pct(sortedBefore, 0.5))}, p95 ${fmt(pct(sortedBefore, 0.95))}, p99 ${fmt(pct(sortedBefore, 0.99))}`,
    );
    if (upAt) console.log(`  backlog drained ${((drained - upAt) / 1000).toFixed(1)} s after the receiver came back`);
  } finally {
    await svc.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
