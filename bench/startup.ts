// Benchmark: an API process's start time and resident memory, the compiled service
// (`node dist/main.mjs`, what start:api runs) against the same sources through tsx's loader (how
// the service ran before the build), in interleaved rounds on one prepared data folder (embedded
// PGlite; PostgreSQL when DATABASE_URL is set), with a bare `node -e` that listens as the floor.
//   start:   spawn → first 200 from /health (the database open, migrations checked, workers up)
//   RSS:     VmRSS 3 s after that, idle
//   CPU:     the process's user + system time until then
// Usage: npm run bench -- startup [rounds=5]
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import net from "node:net";
import { buildServer } from "../scripts/build-server.mjs";

interface Sample {
  startMs: number;
  rssMb: number;
  cpuMs: number;
}

const TICK_MS = 10; // CLK_TCK 100 on Linux

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function procStats(pid: number): { rssMb: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return { rssMb: rssKb / 1024, cpuMs: ticks * TICK_MS };
}

async function waitHealthy(port: number, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the process did not answer /health in time");
}

async function sample(args: string[], env: Record<string, string>): Promise<Sample> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, LUPA_API_PORT: String(port), LUPA_LOG_LEVEL: "warn", LUPA_SEED_DEMO: "0" },
    stdio: "ignore",
  });
  try {
    await waitHealthy(port, child);
    const startMs = performance.now() - began;
    await new Promise((r) => setTimeout(r, 3000));
    return { startMs, ...procStats(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  }
}

const BARE = ["-e", "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.LUPA_API_PORT), '127.0.0.1')"];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchStartup(rounds: number): Promise<void> {
  const out = path.resolve(".scratch", "bench-startup-dist");
  await buildServer({ out, quiet: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), "lupa-bench-startup-"));
  const env = { LUPA_DATA_DIR: dataDir };
  const variants: Record<string, string[]> = {
    "compiled (node dist/main.mjs)": [path.join(out, "main.mjs")],
    "sources through tsx (node --import tsx server/main.ts)": ["--import", "tsx", "server/main.ts"],
    "bare node:http (floor)": BARE,
  };
  const samples = new Map<string, Sample[]>(Object.keys(variants).map((name) => [name, []]));
  try {
    await sample(variants["compiled (node dist/main.mjs)"]!, env); // creates and migrates the database once
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? Object.keys(variants) : Object.keys(variants).reverse();
      for (const name of order) samples.get(name)!.push(await sample(variants[name]!, env));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
  console.log(
    `API process start (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}), median of ${rounds} interleaved rounds:`,
  );
  console.log("variant | start to /health | RSS idle | CPU until idle");
  for (const [name, list] of samples) {
    console.log(
      `${name} | ${Math.round(median(list.map((s) => s.startMs)))} ms | ${median(list.map((s) => s.rssMb)).toFixed(0)} MB | ${Math.round(median(list.map((s) => s.cpuMs)))} ms`,
    );
  }
}
