// Interactive traffic for the batch benchmark, run as its own process so its timings include the
// service's event loop but not the benchmark's: one request at a time, alternating
// GET /api/v3/enrichments/{id} and a unit POST /api/v3/enrichments answered in the synchronous
// wait, until `stopFile` exists (or `seconds` pass). Prints one JSON line with the latencies.
// Usage: node --import tsx bench/probe.ts <base> <token> <enrichmentId> <seconds> <documentSeed> [stopFile]
import { existsSync } from "node:fs";
import { makeCpf } from "../lib/contract/documents";

const [base, token, id, seconds = "10", seed = "500000000", stopFile] = process.argv.slice(2);
const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
const until = performance.now() + Number(seconds) * 1000;
const get: number[] = [];
const post: number[] = [];
let errors = 0;
let n = 0;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
  return { count: values.length, p50: at(0.5), p99: at(0.99), max: Math.round((sorted.at(-1) ?? 0) * 10) / 10 };
}

while (performance.now() < until && !(stopFile && existsSync(stopFile))) {
  let t = performance.now();
  const g = await fetch(`${base}/api/v3/enrichments/${id}`, { headers });
  await g.arrayBuffer();
  get.push(performance.now() - t);
  if (g.status !== 200) errors++;
  t = performance.now();
  const document = makeCpf(String(Number(seed) + n++ * 7).padStart(9, "0"));
  const p = await fetch(`${base}/api/v3/enrichments`, {
    method: "POST",
    headers,
    body: JSON.stringify({ document, profileId: "prf_person_complete" }),
  });
  await p.arrayBuffer();
  post.push(performance.now() - t);
  if (p.status !== 200) errors++;
}
console.log(JSON.stringify({ get: stats(get), post: stats(post), errors }));
