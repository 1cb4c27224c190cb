// A real service for benchmarks: embedded PGlite in a temporary folder, or PostgreSQL when
// DATABASE_URL is set; workers in this process; sandbox with no latency; quiet logs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../server/config";
import { startLupa } from "../server/start";
import { createUser, createWorkspace } from "../server/tenancy/workspaces";
import { createLogger } from "../server/support/logger";
import type { DatasetProvider } from "../server/datasets/types";

/**
 * `provider`: the dataset provider (benchmarks wrap the real sandbox one to count its calls).
 * `reuse`: a database that already holds the bench user (from an earlier run of the same bench)
 * keeps it and its workspace instead of failing on the unique e-mail (bench list-scale --reuse).
 */
export async function startBenchService(env: Record<string, string> = {}, options: { provider?: DatasetProvider; reuse?: boolean } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lupa-bench-"));
  const config = loadConfig({
    ...process.env,
    LUPA_DATA_DIR: dataDir,
    LUPA_SCRYPT_LOG_N: "12",
    LUPA_RATE_LIMIT_PER_SECOND: "100000",
    ...env,
  });
  const lupa = await startLupa({
    config,
    services: { log: createLogger("silent"), provider: options.provider },
    api: { listen: { port: Number(process.env.LUPA_BENCH_PORT ?? 0), host: "127.0.0.1" } },
    workers: true,
    sweepers: true,
  });
  const { services } = lupa;
  const app = lupa.app!;
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const existing = options.reuse
    ? (await services.database.query("select 1 from users where email = 'bench@lupa.local'")).rows.length > 0
    : false;
  if (!existing) {
    const ws = await createWorkspace(services.db, "Bench");
    await createUser(services.db, { workspaceId: ws.id, email: "bench@lupa.local", role: "admin", password: "bench-password" });
  }
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/authentication",
    payload: { username: "bench@lupa.local", password: "bench-password" },
  });
  const token = login.json().accessToken as string;
  return {
    services,
    app,
    base,
    token,
    async close() {
      await lupa.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
