// Benchmark: scaling out on PostgreSQL. The service as operators run it, in real processes
// (`server/main.ts` API processes, `server/worker-main.ts` worker processes), in two topologies
// measured in the same run, each on its own fresh database:
//   A (the baseline): 1 API process + 1 worker process;
//   B: 2 API processes + 3 worker processes.
// Both share the same secrets and Redis for the v3 rate limit (REDIS_URL, default
// redis://127.0.0.1:6379), with a limit far above what the bench sends so it never throttles.
// For each topology:
//   1. enrichments/s end to end: POST /api/v3/enrichments/batch of `items` documents (batches of at
//      most 500, spread over the API processes), sandbox without latency, profile
//      prf_person_complete, until every one is terminal (polled in the database), after a warm-up batch;
//   2. GET req/s: `GET /api/v3/enrichments/{id}` of a completed enrichment, bench/load.mjs (its own
//      processes), 16 connections in all, split evenly over one load process per API process;
//      p50/p99 over the merged latencies of the load processes;
//   3. mixed: another batch of `items` documents and the same GET load at the same time.
// With `rounds` > 1 the topologies alternate (A B, B A, ...) and each figure is the median of its
// rounds. During each phase the CPU time of every process is read from /proc: the API and worker
// processes, the PostgreSQL backends of the topology's database (pids sampled from
// pg_stat_activity), the load processes (their own count), and the whole machine (/proc/stat).
// Every spawned process leads its own process group and the group is killed at the end, on error
// and on SIGINT/SIGTERM.
// Usage (DATABASE_URL: a PostgreSQL database whose role may create databases; the bench creates
// `<name>_a` and `<name>_b` beside it and drops them at the end, LUPA_BENCH_KEEP=1 keeps them):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lupa_scaleout npm run bench -- scale-out [items=1000] [seconds=10] [rounds=1]
// LUPA_BENCH_PORT: first port of the API processes (the next ones follow); default free ports.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { makeCpf } from "../lib/contract/documents";
import { freePort } from "../test/support/processes";

const BATCH_MAX = 500;
const CONNECTIONS = 16;
const PASSWORD = "scale-out-bench-password";
const EMAIL = "bench@lupa.local";

// ---------------------------------------------------------------------------------------------
// Spawned processes: each one the leader of its own group, killed as a group.

interface Spawned {
  name: string;
  child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

const spawned = new Set<Spawned>();

function killGroup(p: Spawned, signal: NodeJS.Signals): void {
  if (p.child.pid === undefined || p.child.exitCode !== null || p.child.signalCode !== null) return;
  try {
    process.kill(-p.child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/** SIGTERM to every group, SIGKILL to what is left after `graceMs`. */
async function stopAll(graceMs = 5000): Promise<void> {
  const all = [...spawned];
  for (const p of all) killGroup(p, "SIGTERM");
  await Promise.race([Promise.all(all.map((p) => p.exited)), new Promise((r) => setTimeout(r, graceMs))]);
  for (const p of all) killGroup(p, "SIGKILL");
  await Promise.all(all.map((p) => p.exited));
  for (const p of all) spawned.delete(p);
}

/** A bench that dies (error, ^C, SIGTERM) still takes its processes with it. */
function killAllOnExit(): void {
  process.on("exit", () => {
    for (const p of spawned) killGroup(p, "SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      for (const p of spawned) killGroup(p, "SIGKILL");
      process.exit(130);
    });
}

function start(name: string, args: string[], env: Record<string, string>, input?: string): Spawned {
  // node itself with tsx's loader (not a wrapper): the pid whose CPU is read is the service's
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    detached: true, // its own process group
  });
  if (input !== undefined) child.stdin!.end(input); // the admin command's --password-stdin
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    if (text.length > 1_000_000 && !name.startsWith("load")) text = text.slice(-100_000);
    for (const l of listeners) l();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const p: Spawned = {
    name,
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(text)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`${name}: timed out waiting for ${pattern}:\n${text.slice(-3000)}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() =>
          setTimeout(() => {
            if (!listeners.has(check)) return;
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`${name} exited before ${pattern}:\n${text.slice(-3000)}`));
          }, 50),
        );
        check();
      });
    },
  };
  spawned.add(p);
  void exited.then(() => spawned.delete(p));
  return p;
}

// ---------------------------------------------------------------------------------------------
// CPU time from /proc.

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** User + system CPU seconds of one process so far, or null when it is gone. */
function cpuOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime, stime
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine. */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = values[3]! + values[4]!; // idle + iowait
  return { busy: total - idle, total };
}

interface CpuReport {
  wall: number;
  /** CPU seconds (user + system) per group of processes over the phase. */
  api: number;
  workers: number;
  postgres: number;
  load: number;
  /** Busy CPU seconds of the whole machine over the phase (everything, other work included). */
  machine: number;
}

/**
 * Runs `phase` while reading the CPU time of the topology's processes and of the PostgreSQL
 * backends of its database. `phase` returns the CPU seconds of the load processes it ran.
 */
async function measured<T>(
  admin: pg.Client,
  database: string,
  apis: Spawned[],
  workers: Spawned[],
  phase: () => Promise<{ result: T; loadCpu: number }>,
): Promise<{ result: T; cpu: CpuReport }> {
  const own = Number((await admin.query("select pg_backend_pid() as pid")).rows[0].pid);
  const backends = async () =>
    (await admin.query("select pid from pg_stat_activity where datname = $1 and pid <> $2", [database, own])).rows.map((r) =>
      Number(r.pid),
    );
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  for (const pid of await backends()) {
    const c = cpuOf(pid);
    if (c !== null) first.set(pid, c);
  }
  const sample = async () => {
    for (const pid of await backends()) {
      const c = cpuOf(pid);
      if (c === null) continue;
      if (!first.has(pid)) first.set(pid, 0); // a backend born during the phase: all its time counts
      last.set(pid, c);
    }
  };
  const procs = (list: Spawned[]) => list.map((p) => p.child.pid!);
  const sum = (pids: number[]) => pids.reduce((a, pid) => a + (cpuOf(pid) ?? 0), 0);
  const apiStart = sum(procs(apis));
  const workerStart = sum(procs(workers));
  const machineStart = machineTicks();
  const began = performance.now();
  let sampling = false;
  const timer = setInterval(() => {
    if (sampling) return;
    sampling = true;
    void sample()
      .catch(() => {})
      .finally(() => (sampling = false));
  }, 250);
  let out: { result: T; loadCpu: number };
  try {
    out = await phase();
  } finally {
    clearInterval(timer);
  }
  await sample();
  const wall = (performance.now() - began) / 1000;
  const machineEnd = machineTicks();
  let postgres = 0;
  for (const [pid, c] of last) postgres += c - first.get(pid)!;
  const cores = cpus().length;
  return {
    result: out.result,
    cpu: {
      wall,
      api: sum(procs(apis)) - apiStart,
      workers: sum(procs(workers)) - workerStart,
      postgres,
      load: out.loadCpu,
      machine: ((machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total)) * cores * wall,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The service.

interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  errors: number;
  latencies: number[];
  cpuSeconds: number;
}

async function runLoad(url: string, seconds: number, concurrency: number, authorization: string): Promise<LoadResult> {
  const p = start(`load ${url}`, ["bench/load.mjs", url, String(seconds), String(concurrency), authorization], { LUPA_LOAD_DETAIL: "1" });
  const code = await p.exited;
  if (code !== 0) throw new Error(`load generator exited ${code}: ${p.output().slice(-2000)}`);
  return JSON.parse(p.output().trim());
}

/** One load process per API, `CONNECTIONS` split evenly; latencies merged. */
async function loadAll(bases: string[], path: string, seconds: number, authorization: string) {
  const per = Math.max(1, Math.floor(CONNECTIONS / bases.length));
  const results = await Promise.all(bases.map((b) => runLoad(`${b}${path}`, seconds, per, authorization)));
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)] ?? 0;
  return {
    requests: results.reduce((a, r) => a + r.requests, 0),
    rps: results.reduce((a, r) => a + r.requests / r.seconds, 0),
    errors: results.reduce((a, r) => a + r.errors, 0),
    p50: pct(0.5),
    p99: pct(0.99),
    loadCpu: results.reduce((a, r) => a + r.cpuSeconds, 0),
  };
}

function documents(count: number, offset: number): string[] {
  return Array.from({ length: count }, (_, i) => makeCpf(String(offset + i * 7).padStart(9, "0")));
}

/** Sends the documents as batches of at most 500, round-robin over the APIs; answers the ids. */
async function submit(bases: string[], token: string, docs: string[]): Promise<string[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < docs.length; i += BATCH_MAX) chunks.push(docs.slice(i, i + BATCH_MAX));
  const answers = await Promise.all(
    chunks.map(async (chunk, i) => {
      const res = await fetch(`${bases[i % bases.length]}/api/v3/enrichments/batch`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ profileId: "prf_person_complete", items: chunk.map((document) => ({ document })) }),
      });
      const body = await res.json();
      if (res.status !== 202 || body.created !== chunk.length)
        throw new Error(`batch: ${res.status}, created ${body.created} of ${chunk.length}: ${JSON.stringify(body).slice(0, 300)}`);
      return body.items.map((item: { id: string }) => item.id) as string[];
    }),
  );
  return answers.flat();
}

async function terminalCount(db: pg.Client, ids: string[]): Promise<{ done: number; failed: number }> {
  const { rows } = await db.query(
    `select count(*) filter (where status in ('COMPLETED','FAILED'))::int as done, count(*) filter (where status = 'FAILED')::int as failed
       from collections where id = any($1)`,
    [ids],
  );
  return { done: Number(rows[0].done), failed: Number(rows[0].failed) };
}

/** Polls until every id is terminal (or `untilMs` passes); answers when the last one got there. */
async function waitTerminal(db: pg.Client, ids: string[], began: number, untilMs = 600_000) {
  for (;;) {
    const { done, failed } = await terminalCount(db, ids);
    const elapsed = (performance.now() - began) / 1000;
    if (done === ids.length) return { done, failed, seconds: elapsed, all: true };
    if (elapsed * 1000 >= untilMs) return { done, failed, seconds: elapsed, all: false };
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface TopologyResult {
  name: string;
  apis: number;
  workers: number;
  enrichPerSecond: number;
  enrichSeconds: number;
  failed: number;
  getRps: number;
  getRequests: number;
  getErrors: number;
  p50: number;
  p99: number;
  mixedEnrichPerSecond: number;
  mixedAll: boolean;
  mixedGetRps: number;
  mixedP50: number;
  mixedP99: number;
  cpu: { batch: CpuReport; get: CpuReport; mixed: CpuReport };
}

async function topology(
  name: string,
  apiCount: number,
  workerCount: number,
  adminUrl: string,
  redisUrl: string,
  ports: number[],
  items: number,
  seconds: number,
): Promise<TopologyResult> {
  const url = new URL(adminUrl);
  const database = `${url.pathname.slice(1)}_${name.toLowerCase()}`;
  if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`unexpected database name ${database}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const db = new pg.Client({ connectionString: databaseUrl });
  const dataDir = mkdtempSync(path.join(tmpdir(), "lupa-scale-out-"));
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LUPA_DATA_DIR: dataDir,
    // the same secrets on every process of the deployment (server/support/secrets.mjs)
    LUPA_JWT_SECRET: randomBytes(32).toString("hex"),
    LUPA_CURSOR_SECRET: randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    LUPA_SEED_DEMO: "0",
    LUPA_IN_PROCESS_WORKERS: "0",
    LUPA_LOG_LEVEL: "warn",
    LUPA_SANDBOX_LATENCY_MS: "0",
    LUPA_SCRYPT_LOG_N: "12",
    // far above what the bench sends: the limit is counted in Redis but never refuses
    LUPA_RATE_LIMIT_PER_SECOND: "1000000",
  };
  try {
    // the first API migrates the fresh database; then the others start together
    const apis = [start(`api 1 (${name})`, ["--import", "tsx", "server/main.ts"], { ...env, LUPA_API_PORT: String(ports[0]) })];
    await apis[0]!.waitFor(/listening/);
    for (let i = 1; i < apiCount; i++)
      apis.push(start(`api ${i + 1} (${name})`, ["--import", "tsx", "server/main.ts"], { ...env, LUPA_API_PORT: String(ports[i]) }));
    const workers = Array.from({ length: workerCount }, (_, i) =>
      start(`worker ${i + 1} (${name})`, ["--import", "tsx", "server/worker-main.ts"], env),
    );
    const admins = async (args: string[], input?: string) => {
      const p = start(`admin ${args[0]}`, ["--import", "tsx", "server/admin/cli.ts", ...args], env, input);
      const code = await p.exited;
      if (code !== 0) throw new Error(`admin ${args.join(" ")} exited ${code}: ${p.output()}`);
      return p.output();
    };
    const ws = /: ([0-9a-f-]{36})/.exec(await admins(["create-workspace", "--name", "Scale-out bench"]))![1]!;
    await admins(["create-user", "--workspace", ws, "--email", EMAIL, "--role", "admin", "--password-stdin"], PASSWORD);
    await Promise.all([...apis.slice(1), ...workers].map((p) => p.waitFor(/listening|started/)));
    const bases = ports.slice(0, apiCount).map((p) => `http://127.0.0.1:${p}`);
    const login = await fetch(`${bases[0]}/api/v1/authentication`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    const authorization = `Bearer ${token}`;
    await db.connect();

    // warm-up: every process compiles its hot paths before anything is timed
    const warm = await submit(bases, token, documents(Math.min(100, items), 100_000_000));
    const warmed = await waitTerminal(db, warm, performance.now());
    if (!warmed.all) throw new Error("the warm-up batch did not finish");

    // 1. enrichments/s
    const batch = await measured(admin, database, apis, workers, async () => {
      const began = performance.now();
      const ids = await submit(bases, token, documents(items, 200_000_000));
      const r = await waitTerminal(db, ids, began);
      return { result: { ...r, ids }, loadCpu: 0 };
    });
    if (!batch.result.all) throw new Error("the batch did not finish");

    // 2. GET req/s of a completed enrichment, one load process per API
    const completed = (await db.query("select id from collections where id = any($1) and status = 'COMPLETED' limit 1", [batch.result.ids]))
      .rows[0]?.id as string | undefined;
    if (!completed) throw new Error("no completed enrichment to read");
    const getPath = `/api/v3/enrichments/${completed}`;
    const check = await fetch(`${bases[bases.length - 1]}${getPath}`, { headers: { authorization } });
    if (check.status !== 200) throw new Error(`GET ${check.status}`);
    await loadAll(bases, getPath, 1, authorization); // warm-up
    const get = await measured(admin, database, apis, workers, async () => {
      const r = await loadAll(bases, getPath, seconds, authorization);
      return { result: r, loadCpu: r.loadCpu };
    });

    // 3. mixed: a batch and the GET load at once; enrichments counted over the load's window
    //    (or until the batch ends, when it ends first)
    const mixed = await measured(admin, database, apis, workers, async () => {
      const began = performance.now();
      const ids = await submit(bases, token, documents(items, 300_000_000));
      const window = performance.now() - began + seconds * 1000;
      const [reads, enriched] = await Promise.all([loadAll(bases, getPath, seconds, authorization), waitTerminal(db, ids, began, window)]);
      return { result: { reads, enriched }, loadCpu: reads.loadCpu };
    });

    return {
      name,
      apis: apiCount,
      workers: workerCount,
      enrichPerSecond: items / batch.result.seconds,
      enrichSeconds: batch.result.seconds,
      failed: batch.result.failed,
      getRps: get.result.rps,
      getRequests: get.result.requests,
      getErrors: get.result.errors + mixed.result.reads.errors,
      p50: get.result.p50,
      p99: get.result.p99,
      mixedEnrichPerSecond: mixed.result.enriched.done / mixed.result.enriched.seconds,
      mixedAll: mixed.result.enriched.all,
      mixedGetRps: mixed.result.reads.rps,
      mixedP50: mixed.result.reads.p50,
      mixedP99: mixed.result.reads.p99,
      cpu: { batch: batch.cpu, get: get.cpu, mixed: mixed.cpu },
    };
  } finally {
    await stopAll();
    await db.end().catch(() => {});
    if (process.env.LUPA_BENCH_KEEP !== "1") await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Median of each figure over the rounds of one topology; CPU summed over the rounds. */
function combine(runs: TopologyResult[]): TopologyResult {
  const median = (f: (r: TopologyResult) => number) => {
    const sorted = runs.map(f).sort((x, y) => x - y);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const add = (phase: keyof TopologyResult["cpu"]): CpuReport => ({
    wall: runs.reduce((a, r) => a + r.cpu[phase].wall, 0),
    api: runs.reduce((a, r) => a + r.cpu[phase].api, 0),
    workers: runs.reduce((a, r) => a + r.cpu[phase].workers, 0),
    postgres: runs.reduce((a, r) => a + r.cpu[phase].postgres, 0),
    load: runs.reduce((a, r) => a + r.cpu[phase].load, 0),
    machine: runs.reduce((a, r) => a + r.cpu[phase].machine, 0),
  });
  return {
    ...runs[0]!,
    enrichPerSecond: median((r) => r.enrichPerSecond),
    enrichSeconds: runs.reduce((a, r) => a + r.enrichSeconds, 0),
    failed: runs.reduce((a, r) => a + r.failed, 0),
    getRps: median((r) => r.getRps),
    getRequests: runs.reduce((a, r) => a + r.getRequests, 0),
    getErrors: runs.reduce((a, r) => a + r.getErrors, 0),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
    mixedEnrichPerSecond: median((r) => r.mixedEnrichPerSecond),
    mixedAll: runs.some((r) => r.mixedAll),
    mixedGetRps: median((r) => r.mixedGetRps),
    mixedP50: median((r) => r.mixedP50),
    mixedP99: median((r) => r.mixedP99),
    cpu: { batch: add("batch"), get: add("get"), mixed: add("mixed") },
  };
}

export async function benchScaleOut(items: number, seconds: number, rounds: number): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error(
      "bench scale-out needs DATABASE_URL (PostgreSQL; its role must be allowed to create databases), e.g.\n" +
        "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/lupa_scaleout npm run bench -- scale-out",
    );
    process.exit(2);
  }
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  killAllOnExit();
  const first = Number(process.env.LUPA_BENCH_PORT ?? 0);
  const ports = first ? [first, first + 1] : [await freePort(), await freePort()];
  const load1 = loadavg()[0]!;
  const runsA: TopologyResult[] = [];
  const runsB: TopologyResult[] = [];
  const runA = async () => runsA.push(await topology("A", 1, 1, adminUrl, redisUrl, ports, items, seconds));
  const runB = async () => runsB.push(await topology("B", 2, 3, adminUrl, redisUrl, ports, items, seconds));
  try {
    // A B, B A, A B...: a trend in the machine's other work weighs on both topologies alike
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) await runA().then(runB);
      else await runB().then(runA);
      const last = (runs: TopologyResult[]) => runs[runs.length - 1]!;
      console.log(
        `round ${r + 1}: A ${round(last(runsA).enrichPerSecond)} enrichments/s, ${Math.round(last(runsA).getRps)} GET/s; ` +
          `B ${round(last(runsB).enrichPerSecond)} enrichments/s, ${Math.round(last(runsB).getRps)} GET/s`,
      );
    }
  } finally {
    await stopAll();
  }
  const a = combine(runsA);
  const b = combine(runsB);
  const results = [a, b];
  console.log(
    `\nscale-out on PostgreSQL, Redis rate limit, sandbox without latency; ${items} enrichments (prf_person_complete) per batch phase, ` +
      `GET /api/v3/enrichments/{id} for ${seconds} s with ${CONNECTIONS} connections split over one load process per API; ` +
      `${rounds} round(s), medians; ${cpus().length} cores, load average ${round(load1, 2)} at start, ${round(loadavg()[0]!, 2)} at the end`,
  );
  const row = (r: TopologyResult) => ({
    "enrichments/s": round(r.enrichPerSecond),
    "GET req/s": Math.round(r.getRps),
    "GET p50 ms": round(r.p50, 2),
    "GET p99 ms": round(r.p99, 2),
    "mixed enrichments/s": round(r.mixedEnrichPerSecond),
    "mixed GET req/s": Math.round(r.mixedGetRps),
    "mixed GET p99 ms": round(r.mixedP99, 2),
  });
  const ratio = (f: (r: TopologyResult) => number) => round(f(b) / f(a), 2);
  console.table({
    [`A: ${a.apis} API + ${a.workers} worker (baseline)`]: row(a),
    [`B: ${b.apis} API + ${b.workers} workers`]: row(b),
    "ratio B / A": {
      "enrichments/s": ratio((r) => r.enrichPerSecond),
      "GET req/s": ratio((r) => r.getRps),
      "GET p50 ms": ratio((r) => r.p50),
      "GET p99 ms": ratio((r) => r.p99),
      "mixed enrichments/s": ratio((r) => r.mixedEnrichPerSecond),
      "mixed GET req/s": ratio((r) => r.mixedGetRps),
      "mixed GET p99 ms": ratio((r) => r.mixedP99),
    },
  });
  console.log(
    "CPU during each phase (all rounds), in cores: CPU seconds per second of wall time; machine: every process, other work included",
  );
  const cpuRows: Record<string, Record<string, number>> = {};
  for (const r of results)
    for (const [phase, c] of Object.entries(r.cpu))
      cpuRows[`${r.name} ${phase}`] = {
        "wall s": round(c.wall, 1),
        APIs: round(c.api / c.wall, 2),
        workers: round(c.workers / c.wall, 2),
        "PostgreSQL backends": round(c.postgres / c.wall, 2),
        "load processes": round(c.load / c.wall, 2),
        "bench's processes": round((c.api + c.workers + c.postgres + c.load) / c.wall, 2),
        "machine busy": round(c.machine / c.wall, 2),
      };
  console.table(cpuRows);
  // what one unit of work costs, whatever else ran on the machine: the ceiling of a dedicated machine
  console.log("CPU milliseconds per unit of work (all rounds)");
  const per: Record<string, Record<string, number>> = {};
  for (const r of results) {
    const n = items * rounds;
    const { batch, get } = r.cpu;
    per[r.name] = {
      "enrichment: workers": round((batch.workers / n) * 1000, 2),
      "enrichment: APIs": round((batch.api / n) * 1000, 2),
      "enrichment: PostgreSQL": round((batch.postgres / n) * 1000, 2),
      "GET: APIs": round((get.api / r.getRequests) * 1000, 3),
      "GET: PostgreSQL": round((get.postgres / r.getRequests) * 1000, 3),
      "GET: load process": round((get.load / r.getRequests) * 1000, 3),
    };
  }
  console.table(per);
  for (const r of results) {
    if (r.failed) console.log(`${r.name}: ${r.failed} enrichment(s) FAILED in the batch phase`);
    if (r.getErrors) console.log(`${r.name}: ${r.getErrors} GET error(s)`);
    if (r.mixedAll) console.log(`${r.name}: a mixed batch ended before the GET load did (enrichments/s over the batch's own time)`);
  }
}
