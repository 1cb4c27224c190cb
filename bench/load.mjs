// Load generator, run as its own process so it does not share the event loop with the server
// under test: `node bench/load.mjs <url> <seconds> <concurrency> [authorization]`.
// Prints one JSON line: {requests, seconds, rps, errors, p50, p99} (latencies in ms); with
// LUPA_LOAD_DETAIL=1 also `latencies`, every latency sorted (to merge several load processes), and
// `cpuSeconds`, the user + system CPU time of this load process.
import http from "node:http";

const [url, seconds = "5", concurrency = "16", authorization] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const headers = authorization ? { authorization } : {};
const until = performance.now() + Number(seconds) * 1000;
const latencies = [];
let errors = 0;

function once() {
  return new Promise((resolve) => {
    const start = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => {
        if (res.statusCode !== 200) errors++;
        latencies.push(performance.now() - start);
        resolve();
      });
    });
    req.on("error", () => {
      errors++;
      resolve();
    });
  });
}

async function loop() {
  while (performance.now() < until) await once();
}

const began = performance.now();
await Promise.all(Array.from({ length: Number(concurrency) }, loop));
const elapsed = (performance.now() - began) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => Math.round((latencies[Math.floor((latencies.length - 1) * p)] ?? 0) * 100) / 100;
console.log(
  JSON.stringify({
    requests: latencies.length,
    seconds: elapsed,
    rps: Math.round(latencies.length / elapsed),
    errors,
    p50: pct(0.5),
    p99: pct(0.99),
    ...(process.env.LUPA_LOAD_DETAIL === "1"
      ? {
          latencies: latencies.map((l) => Math.round(l * 100) / 100),
          cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
        }
      : {}),
  }),
);
agent.destroy();
