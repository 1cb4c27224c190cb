// Service configuration, read once from the environment. Every value has a default so that a
// fresh clone starts with `npm start`; schedules are configurable so tests run them in seconds.
import { hkdfSync } from "node:crypto";
import { loadSecrets, dataDir } from "./support/secrets.mjs";
import { loadVisionConfig, type VisionConfig } from "./vision/config";
import { parseProviders, parseSandbox, type ProviderName } from "./datasets/providers/choices";

export interface Schedules {
  /** Delays of the recovery rounds after a failed collection (spec 3.3: 15 min, 1 h, 4 h). */
  recoveryRoundsMs: number[];
  /** Delays between attempts inside one round for temporary module failures. */
  moduleRetryMs: number[];
  /** How long the v3 POST waits for a terminal status (spec 8: 25 s). */
  syncWaitMs: number;
  /** Retry-After default in seconds (spec 8: 5). */
  retryAfterSeconds: number;
  /** Delays between callback delivery attempts. */
  callbackRetryMs: number[];
  /** How often each worker looks for work whose job was lost (crash, restart). */
  sweepIntervalMs: number;
  /** Delays between webhook delivery attempts (LUPA_WEBHOOK_RETRY_MS; about 3 days in all by default). */
  webhookRetryMs: number[];
  /** How often an idle webhook delivery worker looks for due deliveries (LUPA_WEBHOOK_POLL_MS). */
  webhookPollMs: number;
  /** How long a worker owns a collection before another may take it over, renewed while working. */
  leaseMs: number;
  /** PostgreSQL: how often each worker process looks for collections whose worker is gone (server/engine/liveness.ts). */
  livenessCheckMs: number;
}

export interface Config {
  apiPort: number;
  apiHost: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * PostgreSQL: the schema owner's URL (LUPA_MIGRATION_DATABASE_URL). The process migrates with it
   * and grants DATABASE_URL's role what the service needs (server/db/migrate.ts, roles.ts); null:
   * DATABASE_URL's role migrates, as before, unless another role owns the schema.
   */
  migrationDatabaseUrl: string | null;
  /** How long a process that may not migrate waits for another to bring the schema to its version. */
  schemaWaitSeconds: number;
  redisUrl: string | null;
  jwtSecret: string;
  cursorSecret: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Absolute lifetime of a session (a sign-in and every refresh from it). */
  sessionSeconds: number;
  /** How long a request may rely on a checked session and token version (per process). */
  sessionCheckMs: number;
  /** Step-up (issue 34): how recent the session's last authentication must be for the acts of the list. */
  stepUpSeconds: number;
  /** The key (32 bytes) that encrypts TOTP secrets and keys recovery-code digests (server/auth/mfa/secret-box.ts). */
  mfaKey: Buffer;
  /** Terminal records kept serialized in memory per process (0: no cache). */
  recordCacheEntries: number;
  /** How long a batch collection waits at most to start while interactive work runs (0: never). */
  batchYieldMs: number;
  /** Batch-lane collections at once per worker process (PGlite 1: its one database thread serves interactive work first). */
  batchWorkers: number;
  /**
   * Admission control (server/http/admission.ts): statements waiting for the database at which API
   * requests that need it are refused (503, Retry-After: 1). Default DEFAULT_PGLITE_QUEUE_LIMIT on
   * PGlite, 0 (never refused) on PostgreSQL.
   */
  dbQueueLimit: number;
  /**
   * GET /api/v2/verifications counts `total` exactly up to this many rows; above it `total` is the
   * planner's estimate, never below this + 1 nor below the rows up to the page (docs/decisions.md).
   */
  listExactTotal: number;
  /** Password comparisons at once, and how many may wait for one (beyond: 503 sign_in_busy). */
  hashConcurrency: number;
  hashQueueLimit: number;
  /** Fastify's trustProxy: false, true, a hop count or addresses (the sign-in limit per address needs the client's). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Start even though the API listens beyond loopback while demo accounts keep the demo password. */
  allowDemo: boolean;
  /** Run the job workers inside the API process (always true on the embedded database). */
  inProcessWorkers: boolean;
  seedDemo: boolean;
  sandboxLatencyMs: number;
  sandboxSlowMs: number;
  /**
   * LUPA_DATASET_CACHE_TTL as written: ms by key (a module, a dataset or `*`; 0: not cached). What a
   * key means and the defaults for the rest: server/datasets/cache-ttl.ts.
   */
  datasetCacheTtl: Record<string, number>;
  /** Provider of each dataset other than the sandbox, by `<entity>-<module>` (LUPA_PROVIDERS). */
  providers: Record<string, ProviderName>;
  /** LUPA_SANDBOX: the sandbox answers the datasets no real provider answers (default: only with no real provider). */
  sandbox: boolean;
  rateLimitPerSecond: number;
  /** Hosts or CIDRs that callbacks may reach even though they are private (development, tests). */
  callbackAllowList: string[];
  /** Extra CA certificate (PEM file path) trusted for callback deliveries (tests, private CAs). */
  callbackCaFile: string | null;
  /** Consecutive failed webhook attempts that pause an endpoint (LUPA_WEBHOOK_PAUSE_AFTER, default 100). */
  webhookPauseAfter: number;
  schedules: Schedules;
  logLevel: string;
  /** Image intake, CNH reading, face match (server/vision/config.ts). */
  vision: VisionConfig;
  /** AI summary provider (server/ai): OpenAI-compatible endpoint when url is set, else the built-in one. */
  ai: AiConfig;
  /** The PDF report's limits (server/reports/pdf/renderer.ts). */
  pdf: { timeoutMs: number; maxBytes: number };
  /** The operators' listener (server/metrics/server.ts) and whether the API's own listener answers GET /metrics too. */
  metrics: MetricsConfig;
  /** Login único (SSO) by OpenID Connect (server/sso; docs/security.md). */
  sso: { allowHttpIssuer: boolean; loginSeconds: number };
}

export interface MetricsConfig {
  /** null: no metrics listener. */
  port: number | null;
  host: string;
  /** GET /metrics on the API's listener as well (LUPA_METRICS_ON_API=1). */
  onApi: boolean;
}

export interface AiConfig {
  url: string | null;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** LUPA_DB_QUEUE_LIMIT's default on PGlite (docs/benchmarks.md, "sustained"). */
export const DEFAULT_PGLITE_QUEUE_LIMIT = 16;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const UNIT: Record<string, number> = { s: SECOND, m: MINUTE, h: HOUR, d: 24 * HOUR };

export const DEFAULT_SCHEDULES: Schedules = {
  recoveryRoundsMs: [15 * MINUTE, 1 * HOUR, 4 * HOUR],
  moduleRetryMs: [2 * SECOND, 5 * SECOND],
  syncWaitMs: 25 * SECOND,
  retryAfterSeconds: 5,
  callbackRetryMs: [30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400, 86400].map((s) => s * SECOND),
  webhookRetryMs: [30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400, 86400].map((s) => s * SECOND),
  webhookPollMs: 250,
  sweepIntervalMs: 5 * SECOND,
  leaseMs: 30 * SECOND,
  livenessCheckMs: 1 * SECOND,
};

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a non-negative integer, got "${value}"`);
  return n;
}

function list(value: string | undefined, fallback: number[]): number[] {
  if (!value) return fallback;
  return value.split(",").map((v) => int(v.trim(), 0));
}

/**
 * Comma-separated `key=duration`, duration `<n>s|m|h|d` (a bare number: seconds): ms by key. A bare
 * duration is `*=duration`; `off` is `*=0`. The last of a key wins.
 */
function durationsByKey(name: string, value: string | undefined): Record<string, number> {
  const text = value?.trim() ?? "";
  const out = new Map<string, number>();
  for (const part of (text === "off" ? "*=0" : text).split(",")) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf("=");
    const duration = (eq < 0 ? item : item.slice(eq + 1)).trim();
    const m = /^(\d+)(s|m|h|d)?$/.exec(duration);
    if (!m) throw new Error(`${name}: "${duration}" is not a duration such as 0, 90s, 30m, 12h or 7d`);
    out.set(eq < 0 ? "*" : item.slice(0, eq).trim(), Number(m[1]) * UNIT[m[2] ?? "s"]!);
  }
  return Object.fromEntries(out);
}

/**
 * Unset: the loopback addresses are trusted, so a console or proxy on this machine can say whose
 * request it passes on (X-Forwarded-For); the address is then that client's (docs/decisions.md,
 * "Sessions"). "0" or "false": no proxy is trusted.
 */
function trustProxy(value: string | undefined): Config["trustProxy"] {
  if (!value) return "loopback";
  if (value === "0" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops; // the last `hops` proxies in X-Forwarded-For are trusted
  }
  return value; // addresses or CIDRs, comma-separated
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const secrets = loadSecrets(env);
  const databaseUrl = env.DATABASE_URL || null;
  const migrationDatabaseUrl = env.LUPA_MIGRATION_DATABASE_URL || null;
  if (migrationDatabaseUrl && !databaseUrl) throw new Error("LUPA_MIGRATION_DATABASE_URL is set without DATABASE_URL (PostgreSQL)");
  return {
    apiPort: int(env.LUPA_API_PORT, 4000),
    apiHost: env.LUPA_API_HOST || "127.0.0.1",
    dataDir: dataDir(env),
    databaseUrl,
    migrationDatabaseUrl,
    schemaWaitSeconds: int(env.LUPA_SCHEMA_WAIT_SECONDS, 300),
    redisUrl: env.REDIS_URL || null,
    jwtSecret: secrets.jwtSecret,
    cursorSecret: secrets.cursorSecret,
    accessTokenSeconds: int(env.LUPA_ACCESS_TOKEN_SECONDS, 900),
    refreshTokenSeconds: int(env.LUPA_REFRESH_TOKEN_SECONDS, 7 * 24 * 3600),
    sessionSeconds: int(env.LUPA_SESSION_SECONDS, 30 * 24 * 3600),
    sessionCheckMs: int(env.LUPA_SESSION_CHECK_MS, 3000),
    stepUpSeconds: Math.max(1, int(env.LUPA_STEP_UP_SECONDS, 900)),
    mfaKey: mfaKeyOf(env.LUPA_MFA_KEY, secrets.jwtSecret),
    recordCacheEntries: int(env.LUPA_RECORD_CACHE_ENTRIES, 20_000),
    batchYieldMs: int(env.LUPA_BATCH_YIELD_MS, 500),
    batchWorkers: Math.max(1, int(env.LUPA_BATCH_WORKERS, databaseUrl ? 4 : 1)),
    dbQueueLimit: env.LUPA_DB_QUEUE_LIMIT ? int(env.LUPA_DB_QUEUE_LIMIT, 0) : databaseUrl ? 0 : DEFAULT_PGLITE_QUEUE_LIMIT,
    listExactTotal: Math.max(1, int(env.LUPA_LIST_EXACT_TOTAL, 1000)),
    hashConcurrency: Math.max(1, int(env.LUPA_HASH_CONCURRENCY, 2)),
    hashQueueLimit: int(env.LUPA_HASH_QUEUE, 16),
    trustProxy: trustProxy(env.LUPA_TRUST_PROXY),
    allowDemo: env.LUPA_ALLOW_DEMO === "1",
    inProcessWorkers: databaseUrl === null || env.LUPA_IN_PROCESS_WORKERS === "1",
    seedDemo: env.LUPA_SEED_DEMO ? env.LUPA_SEED_DEMO === "1" : databaseUrl === null,
    sandboxLatencyMs: int(env.LUPA_SANDBOX_LATENCY_MS, 0),
    sandboxSlowMs: int(env.LUPA_SANDBOX_SLOW_MS, 30_000),
    datasetCacheTtl: durationsByKey("LUPA_DATASET_CACHE_TTL", env.LUPA_DATASET_CACHE_TTL),
    providers: parseProviders(env.LUPA_PROVIDERS),
    sandbox: parseSandbox(env.LUPA_SANDBOX, parseProviders(env.LUPA_PROVIDERS)),
    rateLimitPerSecond: int(env.LUPA_RATE_LIMIT_PER_SECOND, 50),
    callbackAllowList: (env.LUPA_CALLBACK_ALLOW_LIST || "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    callbackCaFile: env.LUPA_CALLBACK_CA_FILE || null,
    webhookPauseAfter: Math.max(1, int(env.LUPA_WEBHOOK_PAUSE_AFTER, 100)),
    schedules: {
      ...DEFAULT_SCHEDULES,
      recoveryRoundsMs: list(env.LUPA_RECOVERY_ROUNDS_MS, DEFAULT_SCHEDULES.recoveryRoundsMs),
      moduleRetryMs: list(env.LUPA_MODULE_RETRY_MS, DEFAULT_SCHEDULES.moduleRetryMs),
      syncWaitMs: int(env.LUPA_SYNC_WAIT_MS, DEFAULT_SCHEDULES.syncWaitMs),
      callbackRetryMs: list(env.LUPA_CALLBACK_RETRY_MS, DEFAULT_SCHEDULES.callbackRetryMs),
      webhookRetryMs: list(env.LUPA_WEBHOOK_RETRY_MS, DEFAULT_SCHEDULES.webhookRetryMs),
      webhookPollMs: Math.max(10, int(env.LUPA_WEBHOOK_POLL_MS, DEFAULT_SCHEDULES.webhookPollMs)),
      sweepIntervalMs: int(env.LUPA_SWEEP_INTERVAL_MS, DEFAULT_SCHEDULES.sweepIntervalMs),
      leaseMs: int(env.LUPA_LEASE_MS, DEFAULT_SCHEDULES.leaseMs),
      livenessCheckMs: int(env.LUPA_LIVENESS_CHECK_MS, DEFAULT_SCHEDULES.livenessCheckMs),
    },
    logLevel: env.LUPA_LOG_LEVEL || "info",
    vision: loadVisionConfig(env),
    ai: aiConfig(env),
    metrics: {
      port: env.LUPA_METRICS_PORT ? int(env.LUPA_METRICS_PORT, 0) : null,
      host: env.LUPA_METRICS_HOST || "127.0.0.1",
      onApi: env.LUPA_METRICS_ON_API === "1",
    },
    pdf: {
      timeoutMs: Math.max(1, int(env.LUPA_PDF_TIMEOUT_MS, 15_000)),
      maxBytes: Math.max(1, int(env.LUPA_PDF_MAX_BYTES, 10 * 1024 * 1024)),
    },
    sso: {
      // http:// issuers only for development and tests (a provider on loopback)
      allowHttpIssuer: env.LUPA_SSO_ALLOW_HTTP_ISSUER === "1",
      loginSeconds: Math.max(30, int(env.LUPA_SSO_LOGIN_SECONDS, 600)),
    },
  };
}

/**
 * LUPA_MFA_KEY (at least 32 bytes) when set; else derived from the JWT secret by HKDF, so a fresh
 * install needs nothing. Rotating LUPA_JWT_SECRET without LUPA_MFA_KEY would make every enrolled
 * factor unreadable: production sets LUPA_MFA_KEY (docs/security.md).
 */
function mfaKeyOf(value: string | undefined, jwtSecret: string): Buffer {
  if (value && Buffer.byteLength(value, "utf8") < 32) throw new Error("LUPA_MFA_KEY must be at least 32 bytes long");
  return Buffer.from(hkdfSync("sha256", value || jwtSecret, "lupa", "lupa second factor secrets", 32));
}

function aiConfig(env: Record<string, string | undefined>): AiConfig {
  const url = env.LUPA_AI_URL || null;
  if (url && !/^https?:\/\//.test(url)) throw new Error("LUPA_AI_URL must be an http(s) URL");
  if (url && !env.LUPA_AI_MODEL) throw new Error("LUPA_AI_MODEL is required when LUPA_AI_URL is set");
  return {
    url,
    model: env.LUPA_AI_MODEL || "",
    apiKey: env.LUPA_AI_API_KEY || null,
    timeoutMs: int(env.LUPA_AI_TIMEOUT_MS, 15_000),
  };
}
