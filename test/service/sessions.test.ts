// Sessions (issue 10, item 2): each sign-in is a token family with an absolute lifetime; refresh
// tokens stay reusable until they expire (spec 5.4) but never beyond their session; sign-out
// (POST /api/v1/authentication/logout, beyond the spec) ends the family; a password reset or a
// disabled user ends every family, and access tokens stop within seconds (LUPA_SESSION_CHECK_MS).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { eventually, startService, PASSWORD, type TestService } from "../support/harness";
import { resetPassword, setUserDisabled } from "../../server/tenancy/workspaces";

const CHECK_MS = 1000;
let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false, env: { LUPA_SESSION_CHECK_MS: String(CHECK_MS) } });
}, 300_000);
afterAll(async () => {
  await t?.close();
}, 120_000);

const signIn = async (email: string, password = PASSWORD, service = t) => {
  const res = await service.request({ method: "POST", url: "/api/v1/authentication", body: { username: email, password } });
  expect(res.statusCode).toBe(200);
  return res.json() as { accessToken: string; refreshToken: string; refreshExpiresIn: number; expiresIn: number };
};
const refresh = (refreshToken: unknown, service = t) =>
  service.request({ method: "POST", url: "/api/v1/authentication/refresh", body: { refreshToken } });
const logout = (body: unknown) => t.request({ method: "POST", url: "/api/v1/authentication/logout", body });
const read = (token: string, service = t) => service.request({ method: "GET", url: "/api/v2/verifications", token });
/** Access tokens stop within the check cache (plus slack for a slow machine), not at their expiry. */
const stopsWithinSeconds = (token: string, service = t) =>
  eventually(
    () => read(token, service),
    (r) => r.statusCode === 401,
    CHECK_MS + 4000,
  );

describe("sessions", () => {
  it("every token of a sign-in carries the same session id; a new sign-in is a new session", async () => {
    const email = (await t.createWorkspace()).users.analyst.email;
    const a = await signIn(email);
    const b = await signIn(email);
    const sid = decodeJwt(a.accessToken).sid;
    expect(typeof sid).toBe("string");
    expect(decodeJwt(a.refreshToken).sid).toBe(sid);
    expect(decodeJwt(b.refreshToken).sid).not.toBe(sid);
    const refreshed = (await refresh(a.refreshToken)).json();
    expect(decodeJwt(refreshed.accessToken).sid).toBe(sid);
    expect(decodeJwt(refreshed.refreshToken).sid).toBe(sid);
  });

  it("a refresh token stays reusable (spec 5.4)", async () => {
    const pair = await signIn((await t.createWorkspace()).users.viewer.email);
    for (let i = 0; i < 3; i++) expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
  });
});

describe("POST /api/v1/authentication/logout", () => {
  it("ends the family: refresh tokens of that sign-in are refused at once, its access tokens within seconds; another sign-in goes on", async () => {
    const email = (await t.createWorkspace()).users.analyst.email;
    const pair = await signIn(email);
    const refreshed = (await refresh(pair.refreshToken)).json();
    const other = await signIn(email);
    expect((await read(pair.accessToken)).statusCode).toBe(200);

    const res = await logout({ refreshToken: pair.refreshToken });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    for (const token of [pair.refreshToken, refreshed.refreshToken]) {
      const r = await refresh(token);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: "Refresh token revoked" });
    }
    await stopsWithinSeconds(pair.accessToken);
    await stopsWithinSeconds(refreshed.accessToken);
    const ended = await read(pair.accessToken);
    expect(ended.json()).toEqual({ error: "Session ended" });
    // the other sign-in of the same user is untouched
    expect((await read(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it("answers 204 again for a family already ended", async () => {
    const pair = await signIn((await t.createWorkspace()).users.viewer.email);
    expect((await logout({ refreshToken: pair.refreshToken })).statusCode).toBe(204);
    expect((await logout({ refreshToken: pair.refreshToken })).statusCode).toBe(204);
  });

  it.each([
    ["an access token", async () => ({ refreshToken: (await signIn(t.workspace.users.viewer.email)).accessToken }), 401],
    ["a forged token", async () => ({ refreshToken: "eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIn0.c2lnbmF0dXJl" }), 401],
    ["a missing token", async () => ({}), 400],
    ["an unknown field", async () => ({ refreshToken: "x", all: true }), 400],
    ["a token that is not a string", async () => ({ refreshToken: 12 }), 400],
  ])("refuses %s", async (_name, makeBody, status) => {
    const res = await logout(await makeBody());
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().error).toBe("string");
  });
});

describe("ending every session of a user", () => {
  it("a password reset ends every family: refresh refused at once, access tokens within seconds", async () => {
    const ws = await t.createWorkspace();
    const email = ws.users.integration.email;
    const first = await signIn(email);
    const second = await signIn(email);
    expect(await resetPassword(t.services.db, email, "a-brand-new-password")).toBe(true);
    for (const pair of [first, second]) {
      expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
      await stopsWithinSeconds(pair.accessToken);
    }
    const again = await signIn(email, "a-brand-new-password");
    expect((await read(again.accessToken)).statusCode).toBe(200);
  });

  it("disabling the user ends every family and refuses sign-in; enabling lets the user sign in again", async () => {
    const ws = await t.createWorkspace();
    const email = ws.users.admin.email;
    const pair = await signIn(email);
    expect(await setUserDisabled(t.services.db, email, true)).toBe(true);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    await stopsWithinSeconds(pair.accessToken);
    const refused = await t.request({ method: "POST", url: "/api/v1/authentication", body: { username: email, password: PASSWORD } });
    expect(refused.statusCode).toBe(401);
    expect(await setUserDisabled(t.services.db, email, false)).toBe(true);
    // the old family stays ended; a new sign-in works
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    expect((await read((await signIn(email)).accessToken)).statusCode).toBe(200);
  });
});

describe("absolute lifetime", () => {
  let short: TestService;
  beforeAll(async () => {
    short = await startService({ workers: false, env: { LUPA_SESSION_SECONDS: "3", LUPA_SESSION_CHECK_MS: "0" } });
  }, 300_000);
  afterAll(async () => {
    await short?.close();
  }, 120_000);

  it("no token outlives its session, however often it is refreshed", async () => {
    const pair = await signIn(short.workspace.users.analyst.email, PASSWORD, short);
    expect(pair.refreshExpiresIn).toBeLessThanOrEqual(3);
    expect(pair.expiresIn).toBeLessThanOrEqual(3);
    expect(decodeJwt(pair.refreshToken).exp! - decodeJwt(pair.refreshToken).iat!).toBeLessThanOrEqual(3);
    const refreshed = await refresh(pair.refreshToken, short);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refreshExpiresIn).toBeLessThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 3200));
    expect((await refresh(pair.refreshToken, short)).statusCode).toBe(401);
    expect((await read(pair.accessToken, short)).statusCode).toBe(401);
  });

  it("defaults to 30 days", () => {
    expect(t.config.sessionSeconds).toBe(30 * 24 * 3600);
  });
});
