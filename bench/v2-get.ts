// Benchmark: authenticated GET /api/v2/verifications/{id} on the real service (embedded
// PGlite, or PostgreSQL when DATABASE_URL is set) against a bare node:http server answering the
// same JSON bytes, both measured in the same run by the same load generator (bench/load.mjs,
// a separate process). Prints requests per second of each and the ratio.
// Usage: npm run bench -- v2-get [seconds=5] [concurrency=16]
import http from "node:http";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import { makeCpf } from "../lib/contract/documents";
import { startBenchService } from "./setup";

interface LoadResult {
  requests: number;
  rps: number;
  errors: number;
  p50: number;
  p99: number;
}

// asynchronous: the servers under test run in this process and must keep serving meanwhile
async function load(url: string, seconds: number, concurrency: number, authorization?: string): Promise<LoadResult> {
  const args = ["bench/load.mjs", url, String(seconds), String(concurrency), ...(authorization ? [authorization] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: "utf8" });
  return JSON.parse(stdout.trim());
}

export async function benchV2Get(seconds: number, concurrency: number): Promise<void> {
  const svc = await startBenchService();
  const { app, services, token } = svc;
  try {
    const created = await app.inject({
      method: "POST",
      url: "/api/v2/verifications",
      headers: { authorization: `Bearer ${token}` },
      payload: { nationalId: makeCpf("529982247"), profileId: "prf_kyc_person", verifications: {} },
    });
    const id = created.json().id as string;
    let body = "";
    for (let i = 0; i < 200; i++) {
      const res = await app.inject({ method: "GET", url: `/api/v2/verifications/${id}`, headers: { authorization: `Bearer ${token}` } });
      body = res.body;
      if (res.json().status === "COMPLETED") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(body);
    });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const barePort = (bare.address() as AddressInfo).port;

    // warm both, then measure
    await load(`http://127.0.0.1:${barePort}/`, 1, concurrency);
    await load(`${svc.base}/api/v2/verifications/${id}`, 1, concurrency, `Bearer ${token}`);
    const baseline = await load(`http://127.0.0.1:${barePort}/`, seconds, concurrency);
    const api = await load(`${svc.base}/api/v2/verifications/${id}`, seconds, concurrency, `Bearer ${token}`);
    bare.close();

    console.log(
      `GET /api/v2/verifications/{id}: ${Buffer.byteLength(body)} bytes of JSON, ${concurrency} connections, ${seconds} s each, database ${services.database.kind}`,
    );
    console.table({
      "bare node:http (same JSON)": baseline,
      "Lupa API (JWT + workspace-scoped query)": api,
    });
    console.log(`ratio API / bare: ${(api.rps / baseline.rps).toFixed(3)}  (${api.rps} vs ${baseline.rps} requests per second)`);
    if (api.errors || baseline.errors) console.log(`errors: api ${api.errors}, bare ${baseline.errors}`);
  } finally {
    await svc.close();
  }
}
