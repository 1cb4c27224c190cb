// Sign-in throttling (issue 10, item 1): the attempt is reserved before the password is hashed, so
// guesses sent at once cannot pass the lock together; password comparisons are bounded in number
// at once; the per-address limit sits next to the per-e-mail one, and guesses from one address do
// not lock the account from another. Comparisons are counted by the service's own verifier
// (services.passwords.stats), not by a mock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, PASSWORD, type TestService } from "../support/harness";
import { MAX_ADDRESS_FAILURES, MAX_FAILURES } from "../../server/auth/login-throttle";

let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false });
}, 300_000);
afterAll(async () => {
  await t?.close();
}, 120_000);

let addressCounter = 0;
const newAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

function login(username: string, password: string, remoteAddress: string, service: TestService = t) {
  return service.app.inject({
    method: "POST",
    url: "/api/v1/authentication",
    remoteAddress,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ username, password }),
  });
}

describe("lockout under concurrent guesses", () => {
  it(`20 wrong passwords sent at once make at most ${MAX_FAILURES} hash comparisons; the rest are 429`, async () => {
    const ws = await t.createWorkspace();
    const email = ws.users.admin.email;
    const address = newAddress();
    const before = t.services.passwords.stats.comparisons;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `wrong-password-${i}`, address)));
    const compared = t.services.passwords.stats.comparisons - before;
    const statuses = answers.map((a) => a.statusCode);
    expect(compared).toBeLessThanOrEqual(MAX_FAILURES);
    expect(statuses.filter((s) => s === 401)).toHaveLength(compared);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - compared);
    for (const a of answers.filter((x) => x.statusCode === 429)) expect(Number(a.headers["retry-after"])).toBeGreaterThan(0);
    // and the right password is refused there too, without a comparison
    const locked = await login(email, PASSWORD, address);
    expect(locked.statusCode).toBe(429);
    expect(t.services.passwords.stats.comparisons - before).toBe(compared);
  });

  it("guesses from one address do not lock the account from another address", async () => {
    const ws = await t.createWorkspace();
    const email = ws.users.admin.email;
    const attacker = newAddress();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login(email, "wrong-password", attacker)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, attacker)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it("a successful sign-in gives its attempt back: four failures then success leave the pair unlocked", async () => {
    const ws = await t.createWorkspace();
    const email = ws.users.analyst.email;
    const address = newAddress();
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await login(email, "wrong-password", address)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, address)).statusCode).toBe(200);
    expect((await login(email, "wrong-password", address)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, address)).statusCode).toBe(200);
  });
});

describe("limit per address", () => {
  it(`after ${MAX_ADDRESS_FAILURES} failures from one address, across e-mails, that address is refused; others are not`, async () => {
    const ws = await t.createWorkspace();
    const address = newAddress();
    const before = t.services.passwords.stats.comparisons;
    // different e-mails, each under its own limit: only the address counter fills up (one after
    // the other: sent at once, the comparison queue would refuse some with 503)
    const answers = [];
    for (let i = 0; i < MAX_ADDRESS_FAILURES + 10; i++) answers.push(await login(`nobody${i}@test.local`, "wrong-password", address));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(MAX_ADDRESS_FAILURES);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
    expect(t.services.passwords.stats.comparisons - before).toBe(MAX_ADDRESS_FAILURES);
    const refused = await login(ws.users.viewer.email, PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/too many/i);
    expect((await login(ws.users.viewer.email, PASSWORD, newAddress())).statusCode).toBe(200);
  });
});

describe("bounded password comparisons", () => {
  let small: TestService;
  beforeAll(async () => {
    small = await startService({ workers: false, env: { LUPA_HASH_CONCURRENCY: "1", LUPA_HASH_QUEUE: "2" } });
  }, 300_000);
  afterAll(async () => {
    await small?.close();
  }, 120_000);

  it("runs at most LUPA_HASH_CONCURRENCY comparisons at once and refuses beyond the queue with 503 sign_in_busy, counting nothing", async () => {
    const email = small.workspace.users.analyst.email;
    const before = small.services.passwords.stats.comparisons;
    // distinct addresses: no counter is near its limit
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(email, "wrong-password", newAddress(), small)));
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.json()).toEqual({ error: expect.stringMatching(/too many sign-ins at once/i) });
      expect(a.headers["retry-after"]).toBe("1");
    }
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(12 - busy.length);
    expect(small.services.passwords.stats.comparisons - before).toBe(12 - busy.length);
    expect(small.services.passwords.stats.maxActive).toBe(1);
    // refused attempts were not counted as failures: the right password still works from a fresh address
    expect((await login(email, PASSWORD, newAddress(), small)).statusCode).toBe(200);
  });
});
