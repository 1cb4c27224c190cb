// The API key guard's cache (issue 34, server/apikeys/guard.ts) on a controlled clock and a fake
// database: an answer is never relied on CHECK_MS after its lookup started (a revocation made
// elsewhere is seen within it), a key in steady use is looked up in the background and never
// waits, a key revoked by this process is refused at once even when a lookup under way read it
// live, expiry is checked on every request, and uses are counted in one statement per flush.
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { ApiKeyGuard, CHECK_MS } from "../../server/apikeys/guard";
import { hashSecret, newSecret } from "../../server/apikeys/secret";

interface Row {
  id: string;
  workspace_id: string;
  name: string;
  prefix: string;
  role: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  first_used_at: Date | null;
}

/** The text of a drizzle sql`` statement, its parameters as `?`. */
function textOf(query: unknown): string {
  const chunks = (query as { queryChunks: unknown[] }).queryChunks;
  return chunks.map((c) => (c && typeof c === "object" && "value" in c ? (c as { value: string[] }).value.join("") : "?")).join("");
}

function fakeDb(rows: Map<string, Row>) {
  const statements: string[] = [];
  let release: (() => void) | null = null;
  const state = {
    statements,
    /** While set, lookups wait for `resume()`. */
    hold: false,
    resume: () => release?.(),
  };
  const execute = async (query: unknown) => {
    const text = textOf(query);
    statements.push(text);
    if (text.includes("from api_keys where secret_hash")) {
      const hash = (query as { queryChunks: unknown[] }).queryChunks.find((c) => typeof c === "string") as string;
      const row = rows.get(hash);
      const snapshot = row ? { ...row } : undefined;
      if (state.hold) await new Promise<void>((r) => (release = r));
      return { rows: snapshot ? [snapshot] : [] };
    }
    if (text.includes("set first_used_at")) return { rows: [{ id: "x" }] };
    return { rows: [] };
  };
  const db = { execute, transaction: async (fn: (tx: unknown) => Promise<unknown>) => fn({ execute }) } as unknown as Db;
  return { db, state };
}

const guards: ApiKeyGuard[] = [];
afterEach(async () => {
  for (const g of guards.splice(0)) await g.close();
});

function setUp(row: Partial<Row> = {}) {
  const secret = newSecret();
  const rows = new Map<string, Row>();
  rows.set(hashSecret(secret), {
    id: "00000000-0000-4000-8000-000000000001",
    workspace_id: "00000000-0000-4000-8000-0000000000ff",
    name: "ERP",
    prefix: secret.slice(0, 16),
    role: "integration",
    expires_at: null,
    revoked_at: null,
    first_used_at: new Date(0),
    ...row,
  });
  const { db, state } = fakeDb(rows);
  let now = 1_000_000;
  const guard = new ApiKeyGuard(db, undefined, () => now);
  guards.push(guard);
  return {
    secret,
    row: rows.get(hashSecret(secret))!,
    guard,
    state,
    advance: (ms: number) => (now += ms),
    lookups: () => state.statements.filter((s) => s.includes("from api_keys where secret_hash")).length,
  };
}

describe("ApiKeyGuard", () => {
  it("answers from memory within CHECK_MS; a revocation made elsewhere is refused once CHECK_MS has passed", async () => {
    const { secret, row, guard, advance, lookups } = setUp();
    expect((await guard.authenticate(secret, null)).role).toBe("integration");
    expect(lookups()).toBe(1);
    row.revoked_at = new Date(); // another process revokes it
    advance(CHECK_MS / 2);
    expect(guard.authenticateKnown(secret)).toBeDefined(); // the answer of the lookup, still relied on
    advance(CHECK_MS / 2);
    expect(guard.authenticateKnown(secret)).toBeUndefined(); // too old: a lookup is needed
    await expect(guard.authenticate(secret, null)).rejects.toMatchObject({ code: "unauthorized", message: "API key revoked" });
  });

  it("looks a busy key up in the background before its answer ends: requests never wait", async () => {
    const { secret, guard, advance, lookups } = setUp();
    await guard.authenticate(secret, null);
    for (let i = 0; i < 30; i++) {
      advance(CHECK_MS / 5);
      expect(guard.authenticateKnown(secret), `request ${i}`).toBeDefined();
      await new Promise((r) => setImmediate(r)); // the background lookup answers
    }
    expect(lookups()).toBeGreaterThan(1);
    expect(lookups()).toBeLessThanOrEqual(1 + Math.ceil((30 * (CHECK_MS / 5)) / ((CHECK_MS * 2) / 3)));
  });

  it("a key revoked by this process is refused at once, even if a lookup under way read it live", async () => {
    const { secret, guard, state, advance } = setUp();
    await guard.authenticate(secret, null);
    advance(CHECK_MS * 0.7);
    state.hold = true;
    expect(guard.authenticateKnown(secret)).toBeDefined(); // starts the background lookup, held
    guard.forget(hashSecret(secret)); // revoked here meanwhile
    state.hold = false;
    state.resume();
    await new Promise((r) => setImmediate(r));
    await expect(guard.authenticate(secret, null)).rejects.toMatchObject({ message: "API key revoked" });
  });

  it("checks expiry on every request, without a lookup", async () => {
    const { secret, guard, advance, lookups } = setUp({ expires_at: new Date(1_000_000 + 100) });
    await guard.authenticate(secret, null);
    advance(150);
    expect(() => guard.authenticateKnown(secret)).toThrow("API key expired");
    expect(lookups()).toBe(1);
  });

  it("refuses a malformed or unknown key, the unknown one after one lookup", async () => {
    const { guard, lookups } = setUp();
    expect(() => guard.authenticateKnown("lupa_sk_short")).toThrow("API key invalid");
    await expect(guard.authenticate(newSecret(), null)).rejects.toMatchObject({ message: "API key invalid" });
    expect(lookups()).toBe(1);
  });

  it("writes the first use once, and the uses in one statement per flush", async () => {
    const { secret, row, guard, state } = setUp({ first_used_at: null });
    for (let i = 0; i < 5; i++) await guard.authenticate(secret, null);
    expect(state.statements.filter((s) => s.includes("set first_used_at"))).toHaveLength(1);
    expect(row.first_used_at).toBeNull(); // the fake keeps no state: the guard remembers it wrote it
    await guard.flush();
    const updates = state.statements.filter((s) => s.includes("use_count = k.use_count + r.n"));
    expect(updates).toHaveLength(1);
    await guard.flush(); // nothing new: no statement
    expect(state.statements.filter((s) => s.includes("use_count = k.use_count + r.n"))).toHaveLength(1);
  });
});
