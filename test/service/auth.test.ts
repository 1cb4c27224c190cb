// v1 authentication (spec 2.1, 4.1, 5) and the permission model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { startService, PASSWORD, type TestService } from "../support/harness";
import { resetPassword } from "../../server/tenancy/workspaces";
import { MAX_FAILURES } from "../../server/auth/login-throttle";

let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false });
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string) =>
  t.request({ method: "POST", url: "/api/v1/authentication", body: { username, password } });
const refresh = (refreshToken: unknown) => t.request({ method: "POST", url: "/api/v1/authentication/refresh", body: { refreshToken } });
const listWith = (token: string) => t.request({ method: "GET", url: "/api/v2/verifications", token });

describe("POST /api/v1/authentication", () => {
  it("answers a token pair with both spellings and lifetimes in seconds", async () => {
    const res = await login(t.workspace.users.analyst.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokenType).toBe("Bearer");
    expect(body.token_type).toBe("Bearer");
    expect(body.expiresIn).toBe(900);
    expect(body.expires_in).toBe(900);
    expect(body.refreshExpiresIn).toBe(7 * 24 * 3600);
    expect(body.accessToken).not.toBe(body.refreshToken);
    expect((await listWith(body.accessToken)).statusCode).toBe(200);
  });

  it("accepts the e-mail in any letter case", async () => {
    const res = await login(t.workspace.users.viewer.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ["missing username", { password: "abcd" }],
    ["missing password", { username: "a@b.co" }],
    ["username not an e-mail", { username: "not-an-email", password: "abcd" }],
    ["password shorter than 4", { username: "a@b.co", password: "abc" }],
    ["unknown field", { username: "a@b.co", password: "abcd", remember: true }],
    ["password not a string", { username: "a@b.co", password: 1234 }],
  ])("refuses %s with 400", async (_name, body) => {
    const res = await t.request({ method: "POST", url: "/api/v1/authentication", body });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe("string");
  });

  it("refuses a body that is not JSON with 400", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/v1/authentication",
      payload: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe("string");
  });

  it("answers 401 for a wrong password and for an unknown user, with the same message", async () => {
    const wrong = await login(t.workspace.users.admin.email, "wrong-password");
    const unknown = await login("nobody@test.local", "whatever");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(unknown.json().error);
  });

  it(`refuses further attempts after ${MAX_FAILURES} failures, even with the right password`, async () => {
    const ws = await t.createWorkspace();
    const email = ws.users.viewer.email;
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login(email, "wrong-password")).statusCode).toBe(401);
    const locked = await login(email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("POST /api/v1/authentication/refresh", () => {
  it("returns a new pair, and the refresh token can be used several times", async () => {
    const pair = (await login(t.workspace.users.integration.email, PASSWORD)).json();
    const first = await refresh(pair.refreshToken);
    const second = await refresh(pair.refreshToken);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().accessToken).toBeTruthy();
    expect((await listWith(second.json().accessToken)).statusCode).toBe(200);
  });

  it("refuses an access token used as a refresh token, and the reverse", async () => {
    const pair = (await login(t.workspace.users.integration.email, PASSWORD)).json();
    expect((await refresh(pair.accessToken)).statusCode).toBe(401);
    expect((await listWith(pair.refreshToken)).statusCode).toBe(401);
  });

  it("refuses garbage, a token signed with another key and an expired token with 401", async () => {
    expect((await refresh("garbage")).statusCode).toBe(401);
    const foreign = await new SignJWT({ typ: "refresh", wid: t.workspace.id, role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(t.workspace.users.admin.id)
      .setIssuer("lupa")
      .setAudience("lupa-api")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret"));
    expect((await refresh(foreign)).statusCode).toBe(401);
    const expired = await new SignJWT({ typ: "refresh", wid: t.workspace.id, role: "admin", ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(t.workspace.users.admin.id)
      .setIssuer("lupa")
      .setAudience("lupa-api")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await refresh(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/expired/i);
  });

  it("refuses a token with the 'none' algorithm", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(
      JSON.stringify({
        sub: t.workspace.users.admin.id,
        wid: t.workspace.id,
        role: "admin",
        typ: "access",
        iss: "lupa",
        aud: "lupa-api",
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString("base64url");
    expect((await listWith(`${header}.${payload}.`)).statusCode).toBe(401);
  });

  it("refuses 400 for a body without refreshToken", async () => {
    expect((await t.request({ method: "POST", url: "/api/v1/authentication/refresh", body: {} })).statusCode).toBe(400);
  });

  it("stops accepting old refresh tokens after a password reset", async () => {
    const ws = await t.createWorkspace();
    const pair = (await login(ws.users.analyst.email, PASSWORD)).json();
    await resetPassword(t.services.db, ws.users.analyst.email, "a-new-password");
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    expect((await login(ws.users.analyst.email, "a-new-password")).statusCode).toBe(200);
  });
});

describe("bearer tokens and roles", () => {
  it("answers 401 without a token, with a malformed header, and with a bad token", async () => {
    expect((await t.request({ method: "GET", url: "/api/v2/verifications" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/v2/verifications", headers: { authorization: "Basic abc" } })).statusCode).toBe(
      401,
    );
    expect((await listWith("not.a.jwt")).statusCode).toBe(401);
  });

  it("answers 403 when the role lacks the permission (viewer creating a verification)", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: t.workspace.tokens.viewer,
      body: { nationalId: "52998224725", verifications: {} },
    });
    expect(res.statusCode).toBe(403);
    expect(typeof res.json().error).toBe("string");
  });

  it("answers 404 for unknown routes, with the version's envelope", async () => {
    const v2 = await t.request({ method: "GET", url: "/api/v2/nothing-here", token: t.workspace.tokens.admin });
    expect(v2.statusCode).toBe(404);
    expect(typeof v2.json().error).toBe("string");
    const v3 = await t.request({ method: "GET", url: "/api/v3/nothing-here", token: t.workspace.tokens.admin });
    expect(v3.statusCode).toBe(404);
    expect(v3.json().error.code).toBe("not_found");
  });
});
