// Sustained mixed load (issue 10, item 11): for `seconds` (60 by default) two workspaces send v3
// traffic at a fixed offered rate each — workspace A above the per-workspace limit (1.5x), B below
// it (0.8x) — plus a batch each at the start and the console's list (GET /api/v2/verifications)
// beside it. Prints latency percentiles, errors and 429s per workspace and per kind, and the v3
// requests accepted per second: A is held at its limit while B, on its own limit, sees no 429.
//   npm run bench -- sustained [seconds] [limitPerSecond]
import { execFile } from "node:child_process";
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
  try {
    // the traffic comes from another process (bench/sustained-load.ts); asynchronous, so the
    // service keeps serving meanwhile
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "bench/sustained-load.ts"], {
      encoding: "utf8",
      env: { ...process.env, LUPA_SUSTAINED: JSON.stringify({ base, seconds, limit, workspaces }) },
      maxBuffer: 16 * 1024 * 1024,
    });
    console.log(stdout.trimEnd());
  } finally {
    await service.close();
  }
}
