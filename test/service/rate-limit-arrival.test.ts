// The v3 rate limit counts a request in the window it arrived in (issue 23; server/http/rate-limit.ts).
// The cause of the 429s a workspace under its limit saw on PGlite: requests held in authentication
// (their session's lookup queued behind a busy database) crossed a window boundary and were
// released together, and all counted in the window they were released in. Reproduced here with
// the embedded database's connection held across a boundary: two windows' worth of requests
// under the limit each are all answered, and the limit still holds in each window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { TEST_DB } from "../support/databases";

const LIMIT = 10;
let t: TestService;
let ws: TestWorkspace;

describe.runIf(TEST_DB === "pglite")("v3 rate limit, requests held on their way", () => {
  beforeAll(async () => {
    // every request looks its session up (check cache 0), so each waits for the database;
    // admission control off: the queue is long on purpose
    t = await startService({
      workers: false,
      env: { LUPA_RATE_LIMIT_PER_SECOND: String(LIMIT), LUPA_SESSION_CHECK_MS: "0", LUPA_DB_QUEUE_LIMIT: "0" },
    });
    ws = await t.createWorkspace();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Resolves `ms` into the next one-second window. */
  const intoNextWindow = (ms: number) => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + ms));

  it("counts each request in the window it arrived in, not the one it was released in", async () => {
    const { client } = t.services.database.direct as { kind: "pglite"; client: PGlite };
    const send = () => t.request({ method: "GET", url: "/api/v3/callback-secret", token: ws.tokens.integration });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const started = new Promise<void>((resolve) => (holding = resolve));

    await intoNextWindow(100);
    const transaction = client.transaction(async () => {
      holding();
      await held;
    });
    await started;
    const windows: number[] = [];
    const first = Array.from({ length: LIMIT }, send); // the limit of this window, held in authentication
    windows.push(Math.floor(Date.now() / 1000));
    await intoNextWindow(100);
    const second = Array.from({ length: LIMIT + 1 }, send); // the limit of the next one, and one more
    windows.push(Math.floor(Date.now() / 1000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release(); // all of them pass authentication now, in the second window or later
    await transaction;
    const [a, b] = [await Promise.all(first), await Promise.all(second)];

    expect(windows[1]).toBe(windows[0]! + 1); // the sends fell in two consecutive windows
    expect(a.map((r) => r.statusCode)).toEqual(Array(LIMIT).fill(200));
    const statuses = b.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(b.find((r) => r.statusCode === 429)!.json().error.code).toBe("rate_limited");
  });
});
