// Benchmark: what an API key costs a request (issue 34). `GET /api/v2/verifications/{id}` of a
// completed verification, with the same load generator (bench/load.mjs, a separate process),
// authenticated by an access token (JWT: HMAC, cached verification, session check cached 3 s) and
// by an API key (SHA-256 of the secret, the key's row cached 500 ms, the use counted in memory),
// `rounds` times interleaved, median round. Also: the statements the key sent to the database
// during the run (lookups), and the use count written after the last flush.
// Usage: npm run bench -- api-keys [seconds=5] [concurrency=16] [rounds=3]
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { makeCpf } from "../lib/contract/documents";
import { startBenchService } from "./setup";

interface LoadResult {
  requests: number;
  rps: number;
  errors: number;
  p50: number;
  p99: number;
}

async function load(url: string, seconds: number, concurrency: number, authorization: string): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["bench/load.mjs", url, String(seconds), String(concurrency), authorization],
    {
      encoding: "utf8",
    },
  );
  return JSON.parse(stdout.trim());
}

const median = (results: LoadResult[]) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)]!;

export async function benchApiKeys(seconds: number, concurrency: number, rounds = 3): Promise<void> {
  const svc = await startBenchService();
  const { app, services, token } = svc;
  try {
    const jwt = `Bearer ${token}`;
    const created = await app.inject({
      method: "POST",
      url: "/api/v2/verifications",
      headers: { authorization: jwt },
      payload: { nationalId: makeCpf("529982247"), profileId: "prf_kyc_person", verifications: {} },
    });
    const id = created.json().id as string;
    for (let i = 0; i < 400; i++) {
      const res = await app.inject({ method: "GET", url: `/api/v2/verifications/${id}`, headers: { authorization: jwt } });
      if (res.json().status === "COMPLETED") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const made = await app.inject({
      method: "POST",
      url: "/api/review/v1/api-keys",
      headers: { authorization: jwt, "content-type": "application/json" },
      payload: { name: "bench", role: "integration" },
    });
    const key = made.json() as { id: string; secret: string };
    const keyAuth = `Bearer ${key.secret}`;
    const url = `${svc.base}/api/v2/verifications/${id}`;
    const targets: Array<[string, string]> = [
      ["access token (JWT)", jwt],
      ["API key", keyAuth],
    ];
    for (const [, auth] of targets) await load(url, 1, concurrency, auth); // warm-up
    const lookupsBefore = services.apiKeys.lookups;
    const results = new Map<string, LoadResult[]>(targets.map(([name]) => [name, []]));
    let keyRequests = 0;
    for (let round = 0; round < rounds; round++)
      for (const [name, auth] of targets) {
        const result = await load(url, seconds, concurrency, auth);
        results.get(name)!.push(result);
        if (auth === keyAuth) keyRequests += result.requests;
      }
    const lookups = services.apiKeys.lookups - lookupsBefore;
    await services.apiKeys.flush();
    const [row] = (await services.database.query("select use_count from api_keys where id = $1", [key.id])).rows;
    console.log(
      `\nGET /api/v2/verifications/{id}: ${concurrency} connections, ${rounds} × ${seconds} s each (median round), database ${services.database.kind}`,
    );
    console.table(Object.fromEntries([...results].map(([name, r]) => [name, median(r)])));
    console.log(
      `API key: ${keyRequests} requests in the measured rounds, ${lookups} lookups of the key in the database (at most one per 500 ms); use_count written ${String(row?.use_count)} (warm-up included)`,
    );
  } finally {
    await svc.close();
  }
}
