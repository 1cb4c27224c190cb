// The load generator of `npm run bench -- sustained`, in its own process so the offered rates hold
// while the service under test is busy (timers in the service's process were delayed with it, and
// the workspace over its limit then never offered enough to be limited). Reads its settings from
// LUPA_SUSTAINED (JSON: base, seconds, limit, workspaces [{name, token}]) and prints the figures.
import { makeCpf } from "../lib/contract/documents";

type Kind = "read" | "list-v3" | "create" | "batch" | "console-list";

interface Sample {
  kind: Kind;
  ms: number;
  status: number | "error";
  at: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const settings = JSON.parse(process.env.LUPA_SUSTAINED ?? "{}") as {
  base: string;
  seconds: number;
  limit: number;
  workspaces: { name: string; token: string }[];
};
const { base, seconds, limit } = settings;
let seed = 500_000_000;
const nextCpf = () => makeCpf(String((seed += 11)));
const workspaces = settings.workspaces.map((w) => ({ ...w, ids: [] as string[], samples: [] as Sample[] }));
const errorKinds = new Map<string, number>();
const offered = { A: limit * 1.5, B: limit * 0.8 } as Record<string, number>;

async function send(w: (typeof workspaces)[number], kind: Kind): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${w.token}` };
  let url = "";
  let init: RequestInit = { headers };
  if (kind === "read") {
    const id = w.ids[Math.floor(Math.random() * w.ids.length)];
    if (!id) return send(w, "create");
    url = `/api/v3/enrichments/${id}`;
  } else if (kind === "list-v3") {
    url = "/api/v3/enrichments?limit=20";
  } else if (kind === "console-list") {
    url = "/api/v2/verifications?limit=10&page=1";
  } else if (kind === "create") {
    url = "/api/v3/enrichments";
    init = {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "idempotency-key": `bench-${w.name}-${seed}` },
      body: JSON.stringify({ document: nextCpf(), profileId: "prf_person_registry" }),
    };
  } else {
    url = "/api/v3/enrichments/batch";
    init = {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ profileId: "prf_person_registry", items: Array.from({ length: 200 }, () => ({ document: nextCpf() })) }),
    };
  }
  const started = performance.now();
  const at = Date.now(); // a request counts in the window it was sent in
  let status: number | "error" = "error";
  try {
    const res = await fetch(`${base}${url}`, init);
    status = res.status;
    const body = await res.text();
    if (kind === "create" && (status === 200 || status === 202)) w.ids.push(JSON.parse(body).id);
    if (status >= 500) {
      // the code (v3) or message (v2) and whether Retry-After came with it
      let what = "";
      try {
        const error = JSON.parse(body).error;
        what = typeof error === "string" ? error.slice(0, 40) : String(error?.code);
      } catch {
        what = "?";
      }
      const name = `${kind} ${status} ${what}${res.headers.get("retry-after") ? " (Retry-After)" : " (no Retry-After)"}`;
      errorKinds.set(name, (errorKinds.get(name) ?? 0) + 1);
    }
  } catch (error) {
    status = "error";
    const name = `${kind} network ${(error as Error).message}`;
    errorKinds.set(name, (errorKinds.get(name) ?? 0) + 1);
  }
  w.samples.push({ kind, ms: performance.now() - started, status, at });
}

function pick(): Kind {
  const r = Math.random();
  if (r < 0.7) return "read";
  if (r < 0.9) return "list-v3";
  return "create";
}

console.log(
  `sustained load: ${seconds} s, limit ${limit}/s per workspace; offered v3 rate A ${offered.A}/s, B ${offered.B}/s; console list 2/s each`,
);
const inFlight = new Set<Promise<void>>();
const track = (p: Promise<void>) => {
  inFlight.add(p);
  void p.finally(() => inFlight.delete(p));
};
for (const w of workspaces) track(send(w, "batch"));
const startedAt = Date.now();
const timers = workspaces.flatMap((w) => [
  setInterval(() => track(send(w, pick())), 1000 / offered[w.name]!),
  setInterval(() => track(send(w, "console-list")), 500),
]);
await new Promise((r) => setTimeout(r, seconds * 1000));
for (const t of timers) clearInterval(t);
await Promise.all(inFlight);

for (const w of workspaces) {
  console.log(`\nworkspace ${w.name} (offered ${offered[w.name]}/s on v3)`);
  console.log("kind           count   p50 ms   p95 ms   p99 ms   2xx    429    503   other  errors");
  for (const kind of ["read", "list-v3", "create", "batch", "console-list"] as Kind[]) {
    const s = w.samples.filter((x) => x.kind === kind);
    if (s.length === 0) continue;
    const sorted = s.map((x) => x.ms).sort((a, b) => a - b);
    const ok = s.filter((x) => typeof x.status === "number" && x.status < 300).length;
    const limited = s.filter((x) => x.status === 429).length;
    const refused = s.filter((x) => x.status === 503).length;
    const errors = s.filter((x) => x.status === "error" || (typeof x.status === "number" && x.status >= 500 && x.status !== 503)).length;
    const other = s.length - ok - limited - refused - errors;
    console.log(
      `${kind.padEnd(13)} ${String(s.length).padStart(6)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)} ${String(ok).padStart(6)} ${String(limited).padStart(6)} ${String(refused).padStart(6)} ${String(other).padStart(7)} ${String(errors).padStart(7)}`,
    );
  }
  // reads by 10-second slice of the run (the batches run at the start)
  const slices: string[] = [];
  for (let from = 0; from < seconds; from += 10) {
    const slice = w.samples
      .filter((x) => x.kind === "read" && x.at - startedAt >= from * 1000 && x.at - startedAt < (from + 10) * 1000)
      .map((x) => x.ms)
      .sort((a, b) => a - b);
    slices.push(`${from}-${from + 10} s ${percentile(slice, 99).toFixed(0)}`);
  }
  console.log(`read p99 by slice (ms): ${slices.join(", ")}`);
  // issue 23's budgets: read p99 under 250 ms; no 429 for a workspace under its limit
  const reads = w.samples
    .filter((x) => x.kind === "read")
    .map((x) => x.ms)
    .sort((a, b) => a - b);
  const readP99 = percentile(reads, 99);
  console.log(`read p99 ${readP99.toFixed(1)} ms (budget 250: ${readP99 < 250 ? "ok" : "OVER"})`);
  // accepted v3 requests per wall-clock second: never above the limit
  const perSecond = new Map<number, number>();
  for (const s of w.samples) {
    if (s.kind === "console-list" || s.status === 429) continue;
    const second = Math.floor(s.at / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  const counts = [...perSecond.values()];
  const seconds429 = w.samples.filter((s) => s.status === 429).length;
  // admission control (docs/decisions.md, "Admission control"): 503s are refusals, not errors;
  // the rate is over the requests the rate limit let through
  if (offered[w.name]! < limit && seconds429 > 0) {
    // a workspace under its limit refused: in which seconds (by sending time), beside what it sent
    // in them and how long those requests took (a stall then a burst shows as long 429s)
    const bySecond = new Map<number, { sent: number; limited: number; slowest: number }>();
    for (const s of w.samples) {
      if (s.kind === "console-list") continue;
      const second = Math.floor((s.at - startedAt) / 1000);
      const entry = bySecond.get(second) ?? { sent: 0, limited: 0, slowest: 0 };
      entry.sent++;
      if (s.status === 429) entry.limited++;
      entry.slowest = Math.max(entry.slowest, s.ms);
      bySecond.set(second, entry);
    }
    const seconds = [...bySecond.entries()].filter(([, e]) => e.limited > 0);
    console.log(
      `429s under the limit, by second sent: ${seconds.map(([sec, e]) => `s${sec}: ${e.limited} of ${e.sent} sent (slowest ${e.slowest.toFixed(0)} ms)`).join("; ")}`,
    );
  }
  if (offered[w.name]! < limit) console.log(`429s under the limit: ${seconds429} (budget 0: ${seconds429 === 0 ? "ok" : "OVER"})`);
  const refused = w.samples.filter((s) => s.status === 503).length;
  const admitted = w.samples.filter((s) => s.status !== 429).length;
  console.log(
    `v3 accepted per second: max ${Math.max(...counts)}, mean ${(counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length)).toFixed(1)} (limit ${limit}); 429s ${seconds429}; 503s ${refused} (${((100 * refused) / Math.max(1, admitted)).toFixed(2)}% of the requests not rate-limited)`,
  );
}
// requests slower than 5 s, by the second they were sent in (a stall shows as a run of seconds)
const slow = workspaces.flatMap((w) => w.samples.filter((x) => x.ms > 5000).map((x) => ({ ...x, w: w.name })));
if (slow.length > 0) {
  const bySecond = new Map<string, number>();
  for (const x of slow) {
    const name = `s${Math.floor((x.at - startedAt) / 1000)} ${x.w} ${x.kind} ${x.status}`;
    bySecond.set(name, (bySecond.get(name) ?? 0) + 1);
  }
  console.log(`\nrequests over 5 s (${slow.length}) by second sent, workspace, kind, status:`, Object.fromEntries(bySecond));
}
if (errorKinds.size > 0) console.log("\n5xx and network errors by kind:", Object.fromEntries(errorKinds));
console.log(`\nran ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
