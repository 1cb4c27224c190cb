import { Redis } from "ioredis";

// Fixed-window rate limiter (spec 8: 50 requests per second on v3 routes; per workspace by
// architecture.md). Windows are aligned to the clock (floor(now / windowMs)), so every API
// process counts into the same window of a shared store without coordinating. A burst of up
// to 2x the limit across a window boundary is the known cost of fixed windows, accepted here.
// Stores: memory (one process), Redis (REDIS_URL), PostgreSQL/PGlite (default when scaled out
// without Redis). A store error rejects hit(); whether to fail open is the caller's decision.
//
// The shared stores hand out leases: a process takes a tenth of the limit at once (one round
// trip; `leaseSize`) and spends it locally, and asks again when it runs out. The store's count is
// what was leased, so the processes together never pass more than the limit; one process passes
// exactly the limit; with several, the tokens a process leased and did not spend before the window
// ended are lost to the others: at most (processes - 1) x (lease - 1) requests fewer per window
// (4 with two API processes at the default 50/s). Once a process has seen the window's count at
// the limit it refuses without asking the store again.
//
// A request counts in the window it ARRIVED in (`at`, the time the service read it), not the one in
// which it reached the limiter: a request held on its way (an authentication lookup queued behind
// a busy database) and released with others after a window boundary would otherwise count in the
// next window with them, and a client sending under its limit was refused (issue 23: B, at 0.8x its
// limit, saw 17 429s on PGlite). Windows are kept for ARRIVAL_HORIZON_MS after they end; a request
// that took longer to arrive at the limiter counts in the current window.

export interface RateLimitResult {
  allowed: boolean;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Milliseconds until the current window ends (Retry-After = ceil(resetMs / 1000)). */
  resetMs: number;
}

export interface RateLimiter {
  /** `at`: when the request arrived (ms since the epoch; default now). */
  hit(key: string, limit: number, windowMs: number, at?: number): Promise<RateLimitResult>;
  /**
   * The same hit, answered at once when it needs no store (the memory store; a lease with tokens
   * left, or a window seen full), else null and nothing counted: the caller then calls `hit`.
   */
  hitNow(key: string, limit: number, windowMs: number, at?: number): RateLimitResult | null;
  close(): Promise<void>;
}

/** Milliseconds since the epoch; injectable so tests cross windows without sleeping. */
export type Clock = () => number;

/** How long after its end a window still takes the requests that arrived in it. */
export const ARRIVAL_HORIZON_MS = 10_000;

function windowAt(now: number, windowMs: number): { start: number; resetMs: number } {
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new Error("windowMs must be a positive integer");
  const start = now - (now % windowMs);
  return { start, resetMs: start + windowMs - now };
}

/** The window a request arriving at `at` counts in, seen at `now` (resetMs: 0 once it ended). */
function countedWindow(now: number, at: number | undefined, windowMs: number): { start: number; resetMs: number } {
  const current = windowAt(now, windowMs);
  if (at === undefined || at >= current.start) return current;
  const start = at - (at % windowMs);
  if (start + windowMs + ARRIVAL_HORIZON_MS <= now) return current;
  return { start, resetMs: 0 };
}

function resultOf(count: number, limit: number, resetMs: number): RateLimitResult {
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetMs };
}

export function createMemoryRateLimiter({ now = Date.now }: { now?: Clock } = {}): RateLimiter {
  const counters = new Map<string, { count: number; endsAt: number }>();
  let lastSweep = now();
  function count(key: string, limit: number, windowMs: number, at: number | undefined): RateLimitResult {
    const t = now();
    const { start, resetMs } = countedWindow(t, at, windowMs);
    // Forget windows past the horizon at most once a second, so memory follows active keys only.
    if (t - lastSweep >= 1000) {
      for (const [k, c] of counters) if (c.endsAt + ARRIVAL_HORIZON_MS <= t) counters.delete(k);
      lastSweep = t;
    }
    const mapKey = `${windowMs}:${key}:${start}`;
    let counter = counters.get(mapKey);
    if (!counter) {
      counter = { count: 0, endsAt: start + windowMs };
      counters.set(mapKey, counter);
    }
    counter.count += 1;
    return resultOf(counter.count, limit, resetMs);
  }
  return {
    async hit(key, limit, windowMs, at) {
      return count(key, limit, windowMs, at);
    },
    hitNow: count,
    async close() {
      counters.clear();
    },
  };
}

/** How many tokens one round trip to a shared store leases: a tenth of the limit, at least 1. */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.floor(limit / 10));
}

/** Adds `n` to the window's count in the shared store and answers the new count. */
type AddToWindow = (key: string, windowStart: number, n: number, windowMs: number) => Promise<number>;

interface Lease {
  start: number;
  /** Tokens leased by this process and not spent yet. */
  left: number;
  /** The window's count in the store when this process last asked. */
  storeCount: number;
  /** The lease being asked for; every hit of this key and window waits for it instead of asking again. */
  pending: Promise<void> | null;
}

function leasingLimiter(add: AddToWindow, now: Clock, onHit?: (t: number, windowMs: number) => void): Pick<RateLimiter, "hit" | "hitNow"> {
  const leases = new Map<string, Lease>();
  let lastSweep = now();
  /** The window's lease, and the answer when it needs no store. */
  function local(key: string, limit: number, windowMs: number, at: number | undefined) {
    const t = now();
    const { start, resetMs } = countedWindow(t, at, windowMs);
    onHit?.(t, windowMs);
    if (t - lastSweep >= 1000) {
      for (const [k, l] of leases) if (l.start + windowMs + ARRIVAL_HORIZON_MS <= t && !l.pending) leases.delete(k);
      lastSweep = t;
    }
    // one lease per window: a request that arrived in the window before spends that window's
    const mapKey = `${windowMs}:${key}:${start}`;
    let lease = leases.get(mapKey);
    if (!lease) {
      lease = { start, left: 0, storeCount: 0, pending: null };
      leases.set(mapKey, lease);
    }
    let answer: RateLimitResult | null = null;
    if (lease.left > 0) {
      lease.left -= 1;
      answer = { allowed: true, remaining: Math.max(0, limit - lease.storeCount + lease.left), resetMs };
    } else if (lease.storeCount >= limit) answer = { allowed: false, remaining: 0, resetMs };
    return { lease, start, answer };
  }
  async function hit(key: string, limit: number, windowMs: number, at?: number): Promise<RateLimitResult> {
    for (;;) {
      const { lease, start, answer } = local(key, limit, windowMs, at);
      if (answer) return answer;
      if (lease.pending) {
        await lease.pending;
        continue;
      }
      const current = lease;
      const size = leaseSize(limit);
      current.pending = add(key, start, size, windowMs)
        .then((count) => {
          current.storeCount = Math.max(current.storeCount, count);
          current.left += Math.min(size, Math.max(0, limit - (count - size)));
        })
        .finally(() => {
          current.pending = null;
        });
      await current.pending;
    }
  }
  return { hit, hitNow: (key, limit, windowMs, at) => local(key, limit, windowMs, at).answer };
}

export const REDIS_RATE_LIMIT_PREFIX = "lupa:rl:";
// INCR and PEXPIRE in one script: a crash between the two would leave a key without expiry.
const REDIS_HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;
// Keys outlive their window by the arrival horizon (late requests still count in it), and a little
// more so a process whose clock lags still finds its count.
const REDIS_EXPIRY_SLACK_MS = 1000;

type RedisWithHit = Redis & { lupaRateLimitHit(key: string, ttlMs: number, n: number): Promise<number> };

/** Redis store. Pass `url` to let the limiter own (and close) its client, or a shared `client`. */
export function createRedisRateLimiter(opts: ({ url: string } | { client: Redis }) & { now?: Clock }): RateLimiter {
  const owned = "url" in opts;
  // One retry and no endless offline queue: a request should get an answer, not wait for Redis.
  const redis = (owned ? new Redis(opts.url, { maxRetriesPerRequest: 1 }) : opts.client) as RedisWithHit;
  // Connection errors reach callers as rejected hits; without a listener ioredis would also log them.
  if (owned) redis.on("error", () => {});
  redis.defineCommand("lupaRateLimitHit", { numberOfKeys: 1, lua: REDIS_HIT_SCRIPT });
  const now = opts.now ?? Date.now;
  return {
    ...leasingLimiter(
      async (key, start, n, windowMs) =>
        Number(
          await redis.lupaRateLimitHit(
            `${REDIS_RATE_LIMIT_PREFIX}${key}:${start}`,
            Math.max(0, start + windowMs - now()) + ARRIVAL_HORIZON_MS + REDIS_EXPIRY_SLACK_MS,
            n,
          ),
        ),
      now,
    ),
    async close() {
      if (owned) await redis.quit();
    },
  };
}

/** For the migration author: the table the SQL store uses. UNLOGGED: counters need no WAL/durability. */
export const RATE_LIMIT_TABLE_SQL = `CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
)`;

/** node-postgres Pool/Client.query and PGlite.query both fit. */
export type SqlQuery = (text: string, values: unknown[]) => Promise<{ rows: any[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HIT_SQL = `INSERT INTO rate_limit_counters (key, window_start, count) VALUES ($1, $2::timestamptz, $3)
ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + $3
RETURNING count`;
const PRUNE_SQL = `DELETE FROM rate_limit_counters WHERE window_start < $1::timestamptz`;
const PRUNE_EVERY_MS = 60_000;

/** PostgreSQL or PGlite store over a `query` function; the table must exist (RATE_LIMIT_TABLE_SQL). */
export function createSqlRateLimiter({ query, now = Date.now }: { query: SqlQuery; now?: Clock }): RateLimiter {
  let lastPrune = now();
  let longestWindowMs = 0;
  let pruning: Promise<unknown> = Promise.resolve();
  return {
    ...leasingLimiter(
      async (key, start, n) => {
        const { rows } = await query(HIT_SQL, [key, new Date(start).toISOString(), n]);
        return Number(rows[0].count);
      },
      now,
      (t, windowMs) => {
        // Ended windows are deleted now and then by whichever process notices first; running it
        // twice is harmless. Not awaited: a request should not pay for the clean-up.
        longestWindowMs = Math.max(longestWindowMs, windowMs);
        if (t - lastPrune >= PRUNE_EVERY_MS) {
          lastPrune = t;
          const before = new Date(t - Math.max(PRUNE_EVERY_MS, 2 * longestWindowMs)).toISOString();
          pruning = query(PRUNE_SQL, [before]).catch(() => undefined);
        }
      },
    ),
    async close() {
      await pruning; // the query function belongs to the caller; only our own work is awaited
    },
  };
}
