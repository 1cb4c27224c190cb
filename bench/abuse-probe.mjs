// The observer of the abuse benchmark (bench/abuse.ts), run as its own process so that it keeps
// measuring while the service's event loop is blocked: every 100 ms a GET /health and an
// ordinary read (one page of GET /api/v2/verifications, a database read), and every 50 ms the
// service process's resident memory (VmRSS of /proc/<pid>/status). The benchmark names phases
// over IPC ({phase}); {report: true} answers every phase's figures and ends the process.
// Usage (forked): bench/abuse-probe.mjs <base> <token> <pid>
import { readFileSync } from "node:fs";
import { clearInterval, setInterval } from "node:timers";

const [base, token, pid] = process.argv.slice(2);
const headers = { authorization: `Bearer ${token}` };
const phases = new Map();
let phase = null;

function current() {
  if (!phase) return null;
  if (!phases.has(phase)) phases.set(phase, { health: [], read: [], rss: [], errors: 0 });
  return phases.get(phase);
}

function rssMb() {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function timed(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - started, ok: res.ok };
}

let stopping = false;
async function probeLoop() {
  while (!stopping) {
    const target = current();
    const [health, read] = await Promise.all([
      timed(`${base}/health`).catch(() => ({ ms: NaN, ok: false })),
      timed(`${base}/api/v2/verifications?limit=10`, { headers }).catch(() => ({ ms: NaN, ok: false })),
    ]);
    // a probe counts for the phase it was sent in, however long it waited
    if (target) {
      target.health.push(health.ms);
      target.read.push(read.ms);
      if (!health.ok || !read.ok) target.errors++;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const memoryTimer = setInterval(() => current()?.rss.push(rssMb()), 50);

function stats(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const at = (p) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
  return { n: values.length, p50: at(0.5), max: Math.round((sorted.at(-1) ?? 0) * 10) / 10 };
}

process.on("message", (message) => {
  if (message.phase !== undefined) phase = message.phase;
  if (message.report) {
    stopping = true;
    clearInterval(memoryTimer);
    const report = {};
    for (const [name, p] of phases) {
      report[name] = {
        health: stats(p.health),
        read: stats(p.read),
        rssMb: { first: Math.round(p.rss[0] ?? 0), max: Math.round(Math.max(0, ...p.rss)) },
        errors: p.errors,
      };
    }
    process.send({ report }, () => process.exit(0));
  }
});

process.send({ ready: true });
void probeLoop();
