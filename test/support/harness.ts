// Starts the real service for a test file: real database (PGlite or PostgreSQL), real queue,
// real workers, real sandbox provider; requests through app.inject(). Nothing of ours is mocked.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { loadConfig, type Config } from "../../server/config";
import { startLupa } from "../../server/start";
import { createUser, createWorkspace } from "../../server/tenancy/workspaces";
import { createLogger } from "../../server/support/logger";
import type { Services } from "../../server/context";
import type { Role } from "../../server/auth/permissions";
import type { Database } from "../../server/db/client";
import { openDatabase } from "../../server/db/client";
import { createTestDatabase, ownerQuery, type TestDatabase } from "./databases";
import type { DatasetProvider } from "../../server/datasets/types";

export const PASSWORD = "test-password";

export interface TestService {
  app: FastifyInstance;
  services: Services;
  config: Config;
  /** A workspace with a contract covering every action and one user per role. */
  workspace: TestWorkspace;
  createWorkspace(options?: { actions?: string[] | null }): Promise<TestWorkspace>;
  request(options: {
    method: string;
    url: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    payload?: string;
  }): Promise<LightMyRequestResponse>;
  /** A statement as the schema's owner (ANALYZE, ALTER TABLE): the service's role may not on PostgreSQL. */
  ownerQuery(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Stops app and workers but keeps the database (to start again on it). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export interface TestWorkspace {
  id: string;
  tokens: Record<Role, string>;
  users: Record<Role, { id: string; email: string }>;
}

export interface StartOptions {
  env?: Record<string, string>;
  workers?: boolean;
  /** Reuse the database of a stopped service (restart tests). */
  database?: { db: Database; testDb: TestDatabase };
  /** Receives the service's log lines (JSON), for tests of what is logged. */
  logDestination?: { write(line: string): void };
  /** The dataset provider (default: the sandbox); tests wrap the real one to count its calls. */
  provider?: DatasetProvider;
}

const FAST_ENV: Record<string, string> = {
  LUPA_MODULE_RETRY_MS: "50,100",
  LUPA_RECOVERY_ROUNDS_MS: "300,600,900",
  LUPA_SWEEP_INTERVAL_MS: "200",
  LUPA_LEASE_MS: "2000",
  LUPA_SYNC_WAIT_MS: "5000",
  LUPA_SANDBOX_SLOW_MS: "3000",
  LUPA_CALLBACK_RETRY_MS: "100,200,300",
  LUPA_LOG_LEVEL: "silent",
  // The v3 rate limit (50 a second per workspace by default) would make a test's outcome depend on
  // how fast the machine runs its requests; test/service/platform.test.ts sets the default back
  // and tests the limit itself.
  LUPA_RATE_LIMIT_PER_SECOND: "1000000",
  // Admission control (16 statements waiting, on PGlite) likewise: a test's own workers and
  // requests on a busy machine reached it and were answered 503 (a PDF, 4 of 20 concurrent
  // "next case" callers); test/service/admission.test.ts sets a limit and tests it.
  LUPA_DB_QUEUE_LIMIT: "0",
};

let counter = 0;

export async function startService(
  options: StartOptions = {},
): Promise<TestService & { database: { db: Database; testDb: TestDatabase } }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lupa-test-"));
  const testDb = options.database?.testDb ?? (await createTestDatabase());
  const { REDIS_URL: _hostRedis, ...host } = process.env;
  const env: Record<string, string | undefined> = {
    ...host,
    ...FAST_ENV,
    LUPA_DATA_DIR: dataDir,
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    ...(testDb.ownerUrl ? { LUPA_MIGRATION_DATABASE_URL: testDb.ownerUrl } : {}),
    ...options.env,
  };
  const config = loadConfig(env);
  const log = createLogger(env.LUPA_LOG_LEVEL ?? "silent", options.logDestination);
  const db =
    options.database?.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir, memory: !config.databaseUrl, template: testDb.template }));
  const lupa = await startLupa({
    config,
    services: { log, database: db, provider: options.provider },
    api: {},
    workers: options.workers !== false,
    sweepers: options.workers !== false,
  });
  const { services } = lupa;
  const app = lupa.app!;

  async function makeWorkspace(opts: { actions?: string[] | null } = {}): Promise<TestWorkspace> {
    const n = ++counter;
    const ws = await createWorkspace(services.db, `Test ${n}`, opts);
    const tokens = {} as Record<Role, string>;
    const users = {} as TestWorkspace["users"];
    for (const role of ["admin", "analyst", "viewer", "integration"] as Role[]) {
      const email = `${role}.${n}.${ws.id.slice(0, 8)}@test.local`;
      const user = await createUser(services.db, { workspaceId: ws.id, email, role, password: PASSWORD });
      users[role] = { id: user.id, email };
      const res = await app.inject({ method: "POST", url: "/api/v1/authentication", payload: { username: email, password: PASSWORD } });
      tokens[role] = res.json().accessToken;
    }
    return { id: ws.id, tokens, users };
  }

  const workspace = await makeWorkspace();
  const stop = lupa.stop;
  return {
    app,
    services,
    config,
    workspace,
    database: { db, testDb },
    createWorkspace: makeWorkspace,
    request: ({ method, url, token, body, headers, payload }) =>
      app.inject({
        method: method as "GET",
        url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        payload: payload ?? (body !== undefined ? JSON.stringify(body) : undefined),
      }),
    ownerQuery: (text, values) => ownerQuery(testDb, services.database.query, text, values),
    stop,
    async close() {
      await stop();
      await db.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `read` until `done` holds (for asynchronous work observed from a test), or fails after timeoutMs. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  } while (Date.now() < until);
  throw new Error(`Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last).slice(0, 500)}`);
}
