// Sustained mixed load (issue 10, item 11): for `seconds` (60 by default) two workspaces send v3
// traffic at a fixed offered rate each — workspace A above the per-workspace limit (1.5x), B below
// it (0.8x) — plus a batch each at the start and the console's list (GET /api/v2/verifications)
// beside it. Prints latency percentiles, errors and 429s per workspace and per kind, and the v3
// requests accepted per second: A is held at its limit while B, on its own limit, sees no 429.
//   npm run bench -- sustained [seconds] [limitPerSecond]
import { execFile } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { promisify } from "node:util";
import { createUser, createWorkspace } from "../server/tenancy/workspaces";
import { startBenchService } from "./setup";

export async function benchSustained(seconds = 60, limit = 50): Promise<void> {
  const service = await startBenchService({ LUPA_RATE_LIMIT_PER_SECOND: String(limit) });
  const { base, services, app } = service;

  async function workspace(name: string) {
    const ws = await createWorkspace(services.db, name);
    const email = `${name.toLowerCase()}@bench.local`;
    await createUser(services.db, { workspaceId: ws.id, email, role: "admin", password: "bench-password" });
    const login = await app.inject({
      method: "POST",
      url: "/api/v1/authentication",
      payload: { username: email, password: "bench-password" },
    });
    return { name, token: login.json().accessToken as string };
  }
  const workspaces = [await workspace("A"), await workspace("B")];
  // the service's side, sampled while the load runs: statements waiting for the database (PGlite:
  // its one connection's locks; PostgreSQL: the pool), the event loop's delay, the record cache
  const waiting: number[] = [];
  const ahead: number[] = [];
  // and each second's largest queue, with the session lookups and refusals so far
  const started = Date.now();
  const perSecond = new Map<number, number>();
  const sampler = setInterval(() => {
    const stats = services.database.poolStats() as { waiting: number; ahead?: number };
    const now = stats.waiting;
    waiting.push(now);
    ahead.push(stats.ahead ?? now);
    const second = Math.floor((Date.now() - started) / 1000);
    perSecond.set(second, Math.max(perSecond.get(second) ?? 0, now));
  }, 20);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cacheBefore = { hits: services.records.hits, misses: services.records.misses };
  const printService = () => {
    clearInterval(sampler);
    loopDelay.disable();
    const sorted = [...waiting].sort((a, b) => a - b);
    const at = (p: number, of = sorted) => of[Math.min(of.length - 1, Math.floor((p / 100) * of.length))] ?? 0;
    const sortedAhead = [...ahead].sort((a, b) => a - b);
    const hits = services.records.hits - cacheBefore.hits;
    const misses = services.records.misses - cacheBefore.misses;
    console.log(
      `\nservice: statements waiting for the database p50 ${at(50)}, p99 ${at(99)}, max ${at(100)} ` +
        `(not the batch lane's: p50 ${at(50, sortedAhead)}, p99 ${at(99, sortedAhead)}); ` +
        `event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms; ` +
        `record cache ${hits} hits, ${misses} misses; batch starts that yielded ${services.priority.waited.count} (${(services.priority.waited.ms / 1000).toFixed(1)} s)`,
    );
    const lookups = (services.sessionGuard as { lookups?: number }).lookups;
    const refused = (services as { admission?: { refused: number } }).admission?.refused;
    if (lookups !== undefined) console.log(`session lookups ${lookups}; admission refusals ${refused ?? "n/a"}`);
    console.log(`largest queue per second: ${[...perSecond.entries()].map(([s, n]) => `${s}:${n}`).join(" ")}`);
  };
  try {
    // the traffic comes from another process (bench/sustained-load.ts); asynchronous, so the
    // service keeps serving meanwhile
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "bench/sustained-load.ts"], {
      encoding: "utf8",
      env: { ...process.env, LUPA_SUSTAINED: JSON.stringify({ base, seconds, limit, workspaces }) },
      maxBuffer: 16 * 1024 * 1024,
    });
    console.log(stdout.trimEnd());
    printService();
  } finally {
    await service.close();
  }
}
