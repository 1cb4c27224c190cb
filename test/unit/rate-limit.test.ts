import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Clock,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  createSqlRateLimiter,
  RATE_LIMIT_TABLE_SQL,
  type RateLimiter,
  REDIS_RATE_LIMIT_PREFIX,
  leaseSize,
  ARRIVAL_HORIZON_MS,
} from "../../server/http/rate-limit";

const REDIS_URL = "redis://127.0.0.1:6379";
/** This run's keys start with it: npm test's lanes may run this file twice at once on the same Redis. */
const RUN = randomUUID().slice(0, 8);
const PG_URL = "postgres://postgres@127.0.0.1:5432/test";

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

const redisAvailable = await reachable(6379);
const postgresAvailable = await reachable(5432);
if (!redisAvailable) console.warn("rate-limit: Redis at 127.0.0.1:6379 unreachable, its suite is SKIPPED");
if (!postgresAvailable) console.warn("rate-limit: PostgreSQL at 127.0.0.1:5432 unreachable, its suite is SKIPPED");

/** A clock tests move by hand: 500 ms into a 1 s window. */
function manualClock(start = 1_700_000_000_500) {
  let t = start;
  const now: Clock = () => t;
  return { now, advance: (ms: number) => (t += ms) };
}

/** The same behaviour, checked for every store. */
function contract(make: (now: Clock) => RateLimiter) {
  const key = () => `test-${RUN}-${randomUUID()}`;

  it("hitNow answers what hit would, or null having counted nothing (the caller then calls hit)", async () => {
    const clock = manualClock();
    const mixed = make(clock.now);
    const plain = make(clock.now);
    const [k1, k2] = [key(), key()];
    const viaNow = [];
    const viaHit = [];
    for (let i = 0; i < 60; i++) {
      viaNow.push(mixed.hitNow(k1, 50, 1000) ?? (await mixed.hit(k1, 50, 1000)));
      viaHit.push(await plain.hit(k2, 50, 1000));
    }
    expect(viaNow).toEqual(viaHit);
    expect(viaNow.filter((r) => r.allowed)).toHaveLength(50);
  });

  it("allows `limit` hits in a window, then refuses, counting remaining down", async () => {
    const clock = manualClock();
    const limiter = make(clock.now);
    const k = key();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(k, 3, 1000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results.every((r) => r.resetMs === 500)).toBe(true);
  });

  it("starts a new window at the next aligned boundary", async () => {
    const clock = manualClock();
    const limiter = make(clock.now);
    const k = key();
    await limiter.hit(k, 1, 1000);
    expect((await limiter.hit(k, 1, 1000)).allowed).toBe(false);
    clock.advance(499); // still the same window
    expect(await limiter.hit(k, 1, 1000)).toEqual({ allowed: false, remaining: 0, resetMs: 1 });
    clock.advance(1); // boundary
    expect(await limiter.hit(k, 1, 1000)).toEqual({ allowed: true, remaining: 0, resetMs: 1000 });
  });

  it("counts keys separately", async () => {
    const limiter = make(manualClock().now);
    const [a, b] = [key(), key()];
    expect((await limiter.hit(a, 1, 1000)).allowed).toBe(true);
    expect((await limiter.hit(a, 1, 1000)).allowed).toBe(false);
    expect((await limiter.hit(b, 1, 1000)).allowed).toBe(true);
  });

  it("is atomic under concurrent hits: exactly `limit` of them pass", async () => {
    const limiter = make(manualClock().now);
    const k = key();
    const results = await Promise.all(Array.from({ length: 80 }, () => limiter.hit(k, 50, 1000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
    expect(
      results
        .map((r) => r.remaining)
        .sort((x, y) => x - y)
        .slice(-1)[0],
    ).toBe(49);
  });

  it("works with a real clock and other window sizes", async () => {
    const limiter = make(Date.now);
    const r = await limiter.hit(key(), 50, 60_000);
    expect(r.allowed).toBe(true);
    expect(r.remaining).toBe(49);
    expect(r.resetMs).toBeGreaterThan(0);
    expect(r.resetMs).toBeLessThanOrEqual(60_000);
  });

  it("counts a request in the window it arrived in, even when it reaches the limiter after that window ended", async () => {
    const clock = manualClock(); // 500 ms into a window
    const limiter = make(clock.now);
    const k = key();
    const arrived = clock.now();
    expect((await limiter.hit(k, 2, 1000)).allowed).toBe(true);
    clock.advance(700); // the next window
    // two requests that arrived in the first window and were held on their way: it has room for one
    expect(await limiter.hit(k, 2, 1000, arrived)).toEqual({ allowed: true, remaining: 0, resetMs: 0 });
    expect((await limiter.hit(k, 2, 1000, arrived)).allowed).toBe(false);
    // they took nothing from the window they reached the limiter in
    expect((await limiter.hit(k, 2, 1000)).allowed).toBe(true);
    expect((await limiter.hit(k, 2, 1000, clock.now())).allowed).toBe(true);
    expect((await limiter.hit(k, 2, 1000)).allowed).toBe(false);
    // past the horizon a late request counts in the window it reaches
    clock.advance(ARRIVAL_HORIZON_MS + 1000);
    expect(await limiter.hit(k, 2, 1000, arrived)).toEqual({ allowed: true, remaining: 1, resetMs: 800 });
  });

  it("rejects a nonsensical window", async () => {
    await expect(make(Date.now).hit(key(), 1, 0)).rejects.toThrow(/windowMs/);
  });
}

describe("memory rate limiter", () => {
  const limiters: RateLimiter[] = [];
  afterAll(() => Promise.all(limiters.map((l) => l.close())));
  contract((now) => {
    const l = createMemoryRateLimiter({ now });
    limiters.push(l);
    return l;
  });
});

describe.runIf(redisAvailable)("Redis rate limiter (127.0.0.1:6379)", () => {
  const limiters: RateLimiter[] = [];
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    const keys = await admin.keys(`${REDIS_RATE_LIMIT_PREFIX}test-${RUN}-*`); // this run's keys only: another may be running
    if (keys.length) await admin.del(...keys);
    await admin.quit();
  });
  contract((now) => {
    const l = createRedisRateLimiter({ url: REDIS_URL, now });
    limiters.push(l);
    return l;
  });

  it("stores counters under lupa:rl: keys that expire shortly after their window and the arrival horizon", async () => {
    const clock = manualClock();
    const limiter = createRedisRateLimiter({ client: admin, now: clock.now });
    const k = `test-${RUN}-${randomUUID()}`;
    await limiter.hit(k, 5, 1000);
    await limiter.hit(k, 5, 1000);
    const [redisKey] = await admin.keys(`${REDIS_RATE_LIMIT_PREFIX}${k}:*`);
    expect(redisKey).toBe(`lupa:rl:${k}:1700000000000`);
    expect(await admin.get(redisKey!)).toBe("2");
    const ttl = await admin.pttl(redisKey!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeGreaterThan(ARRIVAL_HORIZON_MS);
    expect(ttl).toBeLessThanOrEqual(500 + ARRIVAL_HORIZON_MS + 1000); // 500 ms left in the window + the horizon + 1 s slack
    await limiter.close(); // a shared client stays open
    expect(admin.status).toBe("ready");
  });

  it("shares counts between limiters (two API processes)", async () => {
    const clock = manualClock();
    const a = createRedisRateLimiter({ url: REDIS_URL, now: clock.now });
    const b = createRedisRateLimiter({ url: REDIS_URL, now: clock.now });
    limiters.push(a, b);
    const k = `test-${RUN}-${randomUUID()}`;
    expect((await a.hit(k, 1, 1000)).allowed).toBe(true);
    expect((await b.hit(k, 1, 1000)).allowed).toBe(false);
  });
});

describe.runIf(postgresAvailable)("PostgreSQL rate limiter (127.0.0.1:5432/test)", () => {
  const schema = `rl_test_${randomUUID().replaceAll("-", "")}`;
  let pool: pg.Pool;
  const limiters: RateLimiter[] = [];
  beforeAll(async () => {
    const setup = new pg.Client({ connectionString: PG_URL });
    await setup.connect();
    await setup.query(`CREATE SCHEMA ${schema}`);
    await setup.end();
    // Several connections, all in the test schema, so the concurrency test really races.
    pool = new pg.Pool({ connectionString: PG_URL, max: 8, options: `-c search_path=${schema}` });
    await pool.query(RATE_LIMIT_TABLE_SQL);
  });
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });
  contract((now) => {
    const l = createSqlRateLimiter({ query: (text, values) => pool.query(text, values), now });
    limiters.push(l);
    return l;
  });

  it("shares counts between limiters (two API processes)", async () => {
    const clock = manualClock();
    const query = (text: string, values: unknown[]) => pool.query(text, values);
    const a = createSqlRateLimiter({ query, now: clock.now });
    const b = createSqlRateLimiter({ query, now: clock.now });
    limiters.push(a, b);
    expect((await a.hit("shared", 1, 1000)).allowed).toBe(true);
    expect((await b.hit("shared", 1, 1000)).allowed).toBe(false);
  });

  it("prunes ended windows about once a minute", async () => {
    const clock = manualClock(1_800_000_000_500);
    const limiter = createSqlRateLimiter({ query: (text, values) => pool.query(text, values), now: clock.now });
    await limiter.hit("old", 1, 1000);
    clock.advance(61_000);
    await limiter.hit("new", 1, 1000);
    await limiter.close(); // waits for the clean-up started by the hit
    const { rows } = await pool.query("SELECT key FROM rate_limit_counters WHERE window_start >= to_timestamp(1800000000)");
    expect(rows.map((r) => r.key)).toEqual(["new"]);
  });
});

describe("PGlite rate limiter (in memory)", () => {
  let db: PGlite;
  const limiters: RateLimiter[] = [];
  beforeAll(async () => {
    db = new PGlite();
    await db.exec(RATE_LIMIT_TABLE_SQL);
  });
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    await db.close();
  });
  contract((now) => {
    const l = createSqlRateLimiter({ query: (text, values) => db.query(text, values), now });
    limiters.push(l);
    return l;
  });

  it("keeps one row per key and window", async () => {
    const clock = manualClock(1_900_000_000_500);
    const limiter = createSqlRateLimiter({ query: (text, values) => db.query(text, values), now: clock.now });
    await limiter.hit("rows", 10, 1000);
    await limiter.hit("rows", 10, 1000);
    clock.advance(1000);
    await limiter.hit("rows", 10, 1000);
    const { rows } = await db.query<{ count: number }>("SELECT count FROM rate_limit_counters WHERE key = 'rows' ORDER BY window_start");
    expect(rows.map((r) => r.count)).toEqual([2, 1]);
  });

  it("leases a tenth of the limit per round trip, and refuses without asking once the window is spent", async () => {
    const clock = manualClock(1_950_000_000_500);
    let trips = 0;
    const limiter = createSqlRateLimiter({
      query: (text, values) => {
        if (text.startsWith("INSERT")) trips++;
        return db.query(text, values);
      },
      now: clock.now,
    });
    limiters.push(limiter);
    expect(leaseSize(50)).toBe(5);
    const results = [];
    for (let i = 0; i < 60; i++) results.push(await limiter.hit("lease", 50, 1000));
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
    expect(results.slice(0, 50).every((r) => r.allowed)).toBe(true);
    expect(results.map((r) => r.remaining).slice(0, 3)).toEqual([49, 48, 47]);
    expect(results[49]!.remaining).toBe(0);
    expect(trips).toBe(10); // ten leases of 5; the store said 50, so the ten refusals asked nothing
  });

  it("two processes together never pass more than the limit, and lose at most (lease - 1) per other process", async () => {
    const clock = manualClock(1_960_000_000_500);
    const query = (text: string, values: unknown[]) => db.query(text, values);
    const a = createSqlRateLimiter({ query, now: clock.now });
    const b = createSqlRateLimiter({ query, now: clock.now });
    limiters.push(a, b);
    for (let window = 0; window < 5; window++) {
      let allowed = 0;
      // uneven traffic: a takes most, b some, interleaved and concurrent
      const hits = Array.from({ length: 80 }, (_, i) => (i % 3 === 0 ? b : a).hit("two", 50, 1000));
      for (const r of await Promise.all(hits)) if (r.allowed) allowed++;
      expect(allowed).toBeLessThanOrEqual(50);
      expect(allowed).toBeGreaterThanOrEqual(50 - (leaseSize(50) - 1));
      clock.advance(1000);
    }
  });
});
