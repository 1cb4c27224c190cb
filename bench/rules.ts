// Benchmark: "Testar com um caso" (issue 31, item 4), POST /api/review/v1/rulesets/evaluate of the
// active version 1 (its rules compiled, the case's stored facts read, every rule scored) on one
// completed verification, against in the same run, over the same HTTP client, one after another:
//   - GET /health (the server's floor: routing, no database);
//   - GET /api/review/v1/cases/{id} (a read of the same case, the review API's everyday request).
// Budget: evaluate under 50 ms (p99). `runs` requests of each, interleaved, after a warm-up.
//
// Usage: npm run bench -- rules [runs=200]   (PGlite; DATABASE_URL for PostgreSQL)
import { loadavg } from "node:os";
import { startBenchService } from "./setup";
import { sandboxDocumentFor } from "../server/datasets/sandbox";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchRules(runs: number): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const s = await startBenchService();
  try {
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${s.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${s.token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    };
    const created = await call("POST", "/api/v2/verifications", {
      nationalId: sandboxDocumentFor("large_network", "person")!.document,
      profileId: "prf_kyc_person",
      verifications: {},
    });
    const id = created.id as string;
    for (let i = 0; i < 600; i++) {
      const status = (await call("GET", `/api/v2/verifications/${id}`)).status;
      if (status === "COMPLETED") break;
      if (status === "FAILED") throw new Error("the verification failed");
      await new Promise((r) => setTimeout(r, 100));
    }
    const { rulesets } = (await call("GET", "/api/review/v1/rulesets?profileId=prf_kyc_person")) as {
      rulesets: { id: string; active: boolean; ruleCount: number }[];
    };
    const active = rulesets.find((r) => r.active)!;
    const requests: Record<string, () => Promise<unknown>> = {
      "GET /health": () => call("GET", "/health"),
      "GET /cases/{id}": () => call("GET", `/api/review/v1/cases/${id}`),
      [`POST /rulesets/evaluate (version 1, ${active.ruleCount} rules)`]: () =>
        call("POST", "/api/review/v1/rulesets/evaluate", { ruleset: { id: active.id }, verificationId: id }),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(requests).map((k) => [k, []]));
    for (const run of Object.values(requests)) for (let i = 0; i < 20; i++) await run(); // warm-up
    for (let i = 0; i < runs; i++)
      for (const [name, run] of Object.entries(requests)) {
        const started = performance.now();
        await run();
        times[name]!.push(performance.now() - started);
      }
    console.log(`${runs} requests of each, interleaved, one at a time (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`);
    for (const [name, list] of Object.entries(times)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`${name.padEnd(48)} p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms`);
    }
  } finally {
    await s.close();
  }
}
