// The second factor and step-up (issue 34, items 2, 3 and 6): TOTP enrolment (confirmed with a code
// before it counts), the sign-in's second step (limited pair, then a full one), wrong codes and the
// lockout after five, recovery codes used once, the "MFA obrigatório" policy, an admin's reset
// (recorded), step-up (401 reauthentication_required, then OK after POST /auth/step-up), the window
// from LUPA_STEP_UP_SECONDS, every act of the list guarded, and v1 sign-in unchanged for accounts
// without a factor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticator } from "otplib";
import { eq } from "drizzle-orm";
import { PASSWORD, startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";
import { createUser } from "../../server/tenancy/workspaces";
import { sessions, userFactors } from "../../server/db/schema";
import { registeredRoutes } from "../../server/http/route";
import { resetFactorByEmail } from "../../server/auth/mfa/reset";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
const WINDOW = 120; // LUPA_STEP_UP_SECONDS of this file's service

beforeAll(async () => {
  t = await startService({ workers: false, env: { LUPA_STEP_UP_SECONDS: String(WINDOW) } });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function person(role: "admin" | "analyst" | "viewer" | "integration" = "analyst", workspace = ws) {
  const email = `mfa${++serial}.${workspace.id.slice(0, 8)}@test.local`;
  const { id } = await createUser(t.services.db, { workspaceId: workspace.id, email, role, password: PASSWORD });
  return { id, email };
}
const signIn = (email: string, password = PASSWORD) =>
  t.request({ method: "POST", url: "/api/v1/authentication", body: { username: email, password } });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

/** The current code of a secret, after forgetting the last step spent (so a test may use several in one 30 s step). */
async function codeFor(userId: string, secret: string): Promise<string> {
  await t.services.db.update(userFactors).set({ lastStep: null }).where(eq(userFactors.userId, userId));
  return authenticator.generate(secret);
}
const wrongCode = (secret: string) => String((Number(authenticator.generate(secret)) + 1) % 1_000_000).padStart(6, "0");

/** Signs in, enrols and confirms a factor; answers its secret, recovery codes and a full token. */
async function enrolled(role: "admin" | "analyst" | "viewer" = "analyst", workspace = ws) {
  const who = await person(role, workspace);
  const token = (await signIn(who.email)).json().accessToken as string;
  const start = await api.post("/auth/factor/totp", token);
  expect(start.statusCode).toBe(200);
  const secret = start.json().secret as string;
  const confirm = await api.post("/auth/factor/totp/confirm", token, { code: await codeFor(who.id, secret) });
  expect(confirm.statusCode).toBe(200);
  return { ...who, secret, token, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

async function staleSession(token: string, secondsAgo = WINDOW + 5) {
  const sid = String(claimsOf(token).sid);
  await t.services.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - secondsAgo * 1000) })
    .where(eq(sessions.id, sid));
}

describe("v1 sign-in without a factor", () => {
  it("answers exactly as before: a full pair, no second-factor claim, session.started with the method", async () => {
    const who = await person();
    const res = await signIn(who.email);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      ["accessToken", "expiresIn", "expires_in", "refreshExpiresIn", "refreshToken", "tokenType", "token_type"].sort(),
    );
    expect(claimsOf(res.json().accessToken)).not.toHaveProperty("mfa");
    expect((await t.request({ method: "GET", url: "/api/v2/verifications", token: res.json().accessToken })).statusCode).toBe(200);
    const started = (await eventsOf(t, ws.id, "session.started")).find((e) => e.actor_id === who.id)!;
    expect(started.data).toMatchObject({ method: "password" });
    const status = await api.get("/auth/factor", res.json().accessToken);
    expect(status.json()).toEqual({
      enrolled: false,
      confirmedAt: null,
      recoveryCodesLeft: 0,
      required: false,
      due: null,
      freshUntil: expect.any(String),
      stepUpMethods: ["password"],
    });
    expect(Date.parse(status.json().freshUntil)).toBeGreaterThan(Date.now());
  });

  it("records a refused password of a known person (sign_in.refused), answering the same 401", async () => {
    const who = await person();
    const res = await signIn(who.email, "not-the-password");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Invalid username or password" });
    const refused = (await eventsOf(t, ws.id, "sign_in.refused")).find((e) => e.actor_id === who.id)!;
    expect(refused.data).toEqual({ method: "password", step: "sign_in", reason: "invalid_password" });
  });
});

describe("enrolment", () => {
  it("gives a secret, its otpauth URI and a QR code; counts only once confirmed with a code", async () => {
    const who = await person();
    const token = (await signIn(who.email)).json().accessToken as string;
    const start = await api.post("/auth/factor/totp", token);
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Lupa:${encodeURIComponent(who.email)}?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=Lupa`,
    );
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // not confirmed: the next sign-in owes nothing
    expect(claimsOf((await signIn(who.email)).json().accessToken)).not.toHaveProperty("mfa");
    expect((await api.get("/auth/factor", token)).json().enrolled).toBe(false);
    // the secret is stored encrypted, never in clear
    const [row] = await t.services.db.select().from(userFactors).where(eq(userFactors.userId, who.id));
    expect(row!.secret).not.toContain(secret);
    expect(row!.secret).toMatch(/^v1\./);

    expectError(await api.post("/auth/factor/totp/confirm", token, { code: wrongCode(secret) }), 400, "invalid_code");
    expectError(await api.post("/auth/factor/totp/confirm", token, { code: "12345" }), 400, "invalid_body");
    expectError(await api.post("/auth/factor/totp/confirm", token, { code: "123456", extra: 1 }), 400, "invalid_body");
    const confirm = await api.post("/auth/factor/totp/confirm", token, { code: await codeFor(who.id, secret) });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(confirm.json().tokens).toBeNull();
    const status = (await api.get("/auth/factor", token)).json();
    expect(status).toMatchObject({ enrolled: true, recoveryCodesLeft: 10, due: null });
    // stored hashed
    const stored = await t.services.database.query("select code_hash from recovery_codes where user_id = $1", [who.id]);
    expect(stored.rows).toHaveLength(10);
    for (const r of stored.rows) expect(codes).not.toContain(r.code_hash);
    expect((await eventsOf(t, ws.id, "factor.enrolled")).filter((e) => e.actor_id === who.id)).toHaveLength(1);
    // a second enrolment is refused while one is confirmed; a confirm without an enrolment too
    expectError(await api.post("/auth/factor/totp", token), 409, "factor_exists");
    expectError(await api.post("/auth/factor/totp/confirm", token, { code: "123456" }), 409, "no_factor");
  });
});

describe("the sign-in's second step", () => {
  it("limits the pair until the code is given, then answers a full pair of the same session", async () => {
    const who = await enrolled();
    const res = await signIn(who.email);
    expect(res.statusCode).toBe(200);
    const limited = res.json().accessToken as string;
    expect(claimsOf(limited).mfa).toBe("pending");
    expectError(await api.get("/cases", limited), 401, "second_factor_required");
    const v2 = await t.request({ method: "GET", url: "/api/v2/verifications", token: limited });
    expect(v2.statusCode).toBe(401);
    expect((await api.get("/auth/factor", limited)).json()).toMatchObject({ due: "pending", freshUntil: null });
    // the refresh of a limited pair stays limited
    const refreshed = await t.request({
      method: "POST",
      url: "/api/v1/authentication/refresh",
      body: { refreshToken: res.json().refreshToken },
    });
    expect(claimsOf(refreshed.json().accessToken).mfa).toBe("pending");

    expectError(await api.post("/auth/second-factor", limited, { code: wrongCode(who.secret) }), 400, "invalid_code");
    expectError(await api.post("/auth/second-factor", limited, {}), 400, "invalid_body");
    expectError(await api.post("/auth/second-factor", limited, { code: "123456", recoveryCode: "abcde-abcde" }), 400, "invalid_body");
    const ok = await api.post("/auth/second-factor", limited, { code: await codeFor(who.id, who.secret) });
    expect(ok.statusCode).toBe(200);
    const full = ok.json().accessToken as string;
    expect(claimsOf(full)).not.toHaveProperty("mfa");
    expect(claimsOf(full).sid).toBe(claimsOf(limited).sid);
    expect((await api.get("/cases", full)).statusCode).toBe(200);
    const started = (await eventsOf(t, ws.id, "session.started")).filter((e) => e.actor_id === who.id);
    expect(started[0]!.data).toMatchObject({ method: "password", secondFactor: "totp", sessionId: claimsOf(limited).sid });
    // the same code is never accepted twice; a passed session owes nothing
    expectError(await api.post("/auth/second-factor", limited, { code: authenticator.generate(who.secret) }), 409, "conflict");
    expectError(await api.post("/auth/second-factor", full, { code: authenticator.generate(who.secret) }), 409, "conflict");
    const again = (await signIn(who.email)).json().accessToken as string;
    expectError(await api.post("/auth/second-factor", again, { code: authenticator.generate(who.secret) }), 400, "invalid_code");
    const refusals = (await eventsOf(t, ws.id, "sign_in.refused")).filter((e) => e.actor_id === who.id);
    expect(refusals[0]!.data).toEqual({ method: "password", step: "second_factor", reason: "invalid_code" });
  });

  it("locks the second step after five wrong codes, even for the right one", async () => {
    const who = await enrolled();
    const limited = (await signIn(who.email)).json().accessToken as string;
    for (let i = 0; i < 5; i++)
      expectError(await api.post("/auth/second-factor", limited, { code: wrongCode(who.secret) }), 400, "invalid_code");
    const locked = await api.post("/auth/second-factor", limited, { code: await codeFor(who.id, who.secret) });
    expectError(locked, 429, "too_many_attempts");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // the lock is the person's, not the session's: a new sign-in is locked too
    const another = (await signIn(who.email)).json().accessToken as string;
    expectError(await api.post("/auth/second-factor", another, { recoveryCode: who.recoveryCodes[0]! }), 429, "too_many_attempts");
  });

  it("accepts each recovery code once", async () => {
    const who = await enrolled();
    const first = (await signIn(who.email)).json().accessToken as string;
    const ok = await api.post("/auth/second-factor", first, { recoveryCode: who.recoveryCodes[3]!.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const used = (await eventsOf(t, ws.id, "factor.recovery_code_used")).find((e) => e.actor_id === who.id)!;
    expect(used.data).toEqual({ left: 9 });
    const second = (await signIn(who.email)).json().accessToken as string;
    expectError(await api.post("/auth/second-factor", second, { recoveryCode: who.recoveryCodes[3]! }), 400, "invalid_code");
    expectError(await api.post("/auth/second-factor", second, { recoveryCode: "zzzzz-zzzzz" }), 400, "invalid_code");
    expect((await api.post("/auth/second-factor", second, { recoveryCode: who.recoveryCodes[4]! })).statusCode).toBe(200);
    expect((await api.get("/auth/factor", ok.json().accessToken)).json().recoveryCodesLeft).toBe(8);
  });
});

describe("MFA obrigatório", () => {
  it("forces the enrolment at the next sign-in of password accounts; integrations are exempt", async () => {
    const own = await t.createWorkspace();
    const admin = await person("admin", own);
    const adminToken = (await signIn(admin.email)).json().accessToken as string;
    const put = await api.put("/settings", adminToken, { mfa: { required: true } });
    expect(put.statusCode).toBe(200);
    expect(put.json().mfa).toEqual({ required: true });
    expectError(await api.put("/settings", adminToken, { mfa: { required: "yes" } }), 400, "invalid_body");
    expectError(await api.put("/settings", adminToken, { mfa: { required: true, extra: 1 } }), 400, "invalid_body");
    const changed = (await eventsOf(t, own.id, "settings.changed"))[0]!;
    expect(changed.data).toEqual({ changes: { mfa: { from: { required: false }, to: { required: true } } } });

    const who = await person("viewer", own);
    const limited = (await signIn(who.email)).json().accessToken as string;
    expect(claimsOf(limited).mfa).toBe("enrolment");
    expectError(await api.get("/cases", limited), 401, "second_factor_required");
    expect((await api.get("/auth/factor", limited)).json()).toMatchObject({ required: true, due: "enrolment", enrolled: false });
    const secret = (await api.post("/auth/factor/totp", limited)).json().secret as string;
    const confirm = await api.post("/auth/factor/totp/confirm", limited, { code: await codeFor(who.id, secret) });
    expect(confirm.statusCode).toBe(200);
    const full = confirm.json().tokens.accessToken as string;
    expect(claimsOf(full)).not.toHaveProperty("mfa");
    expect((await api.get("/cases", full)).statusCode).toBe(200);
    // from now on the code is owed
    expect(claimsOf((await signIn(who.email)).json().accessToken).mfa).toBe("pending");

    const machine = await person("integration", own);
    const machineToken = (await signIn(machine.email)).json().accessToken as string;
    expect(claimsOf(machineToken)).not.toHaveProperty("mfa");
    expect((await t.request({ method: "GET", url: "/api/v2/verifications", token: machineToken })).statusCode).toBe(200);
  });
});

describe("an admin's reset", () => {
  it("removes the factor, is recorded, and is scoped to the workspace", async () => {
    const who = await enrolled("viewer");
    const admin = await person("admin");
    const adminToken = (await signIn(admin.email)).json().accessToken as string;
    const list = await api.get("/auth/factors", adminToken);
    expect(list.json().members.find((m: { userId: string }) => m.userId === who.id)).toMatchObject({ enrolled: true, email: who.email });
    expectError(await api.get("/auth/factors", who.token), 403, "forbidden");
    expectError(await api.post(`/members/${who.id}/factor/reset`, who.token), 403, "forbidden");
    expectError(await api.post(`/members/${who.id}/factor/reset`, other.tokens.admin), 404, "not_found");
    expectError(await api.post(`/members/not-a-uuid/factor/reset`, adminToken), 400, "invalid_parameter");
    const reset = await api.post(`/members/${who.id}/factor/reset`, adminToken);
    expect(reset.statusCode).toBe(204);
    const event = (await eventsOf(t, ws.id, "factor.reset"))[0]!;
    expect(event).toMatchObject({ actor_id: admin.id, data: { userId: who.id, email: who.email } });
    expectError(await api.post(`/members/${who.id}/factor/reset`, adminToken), 409, "no_factor");
    expect(claimsOf((await signIn(who.email)).json().accessToken)).not.toHaveProperty("mfa");
  });

  it("the admin CLI's reset-factor removes it too, recorded with the service as actor", async () => {
    const who = await enrolled("admin");
    expect(await resetFactorByEmail(t.services.db, who.email)).toBe("reset");
    const event = (await eventsOf(t, ws.id, "factor.reset")).find((e) => (e.data as { userId?: string }).userId === who.id)!;
    expect(event).toMatchObject({ actor_id: null, data: { userId: who.id, email: who.email, by: "admin-cli" } });
    expect(await resetFactorByEmail(t.services.db, who.email)).toBe("no_factor");
    expect(await resetFactorByEmail(t.services.db, "nobody@test.local")).toBe("no_user");
  });

  it("lets a person remove their own factor (step-up), recorded", async () => {
    const who = await enrolled();
    expect((await api.del("/auth/factor", who.token)).statusCode).toBe(204);
    expect((await eventsOf(t, ws.id, "factor.disabled")).filter((e) => e.actor_id === who.id)).toHaveLength(1);
    expectError(await api.del("/auth/factor", who.token), 409, "no_factor");
  });
});

describe("step-up", () => {
  it("answers 401 reauthentication_required past the window, then OK after POST /auth/step-up", async () => {
    const who = await person("analyst");
    const token = (await signIn(who.email)).json().accessToken as string;
    const caseId = await insertCase(t, ws);
    // fresh after the sign-in: within LUPA_STEP_UP_SECONDS
    await staleSession(token, WINDOW - 30);
    expect((await api.post(`/cases/${caseId}/reveal`, token)).statusCode).toBe(200);
    await staleSession(token);
    const refused = await api.post(`/cases/${caseId}/reveal`, token);
    expectError(refused, 401, "reauthentication_required");
    // reading stays open
    expect((await api.get(`/cases/${caseId}`, token)).statusCode).toBe(200);

    expectError(await api.post("/auth/step-up", token, {}), 400, "invalid_body");
    expectError(await api.post("/auth/step-up", token, { password: "wrong-password" }), 400, "invalid_password");
    expectError(await api.post("/auth/step-up", token, { password: PASSWORD, extra: 1 }), 400, "invalid_body");
    const up = await api.post("/auth/step-up", token, { password: PASSWORD });
    expect(up.statusCode).toBe(200);
    const { authenticatedAt, freshUntil } = up.json();
    expect(Date.parse(freshUntil) - Date.parse(authenticatedAt)).toBe(WINDOW * 1000);
    expect((await api.post(`/cases/${caseId}/reveal`, token)).statusCode).toBe(200);
    const event = (await eventsOf(t, ws.id, "step_up")).find((e) => e.actor_id === who.id)!;
    expect(event.data).toEqual({ sessionId: claimsOf(token).sid, method: "password" });
    const refusal = (await eventsOf(t, ws.id, "sign_in.refused")).find((e) => e.actor_id === who.id)!;
    expect(refusal.data).toEqual({ method: "password", step: "step_up", reason: "invalid_password" });
    // another workspace's case stays not found once fresh
    expectError(await api.post(`/cases/${await insertCase(t, other)}/reveal`, token), 404, "not_found");
  });

  it("asks for the code too when the person has a factor", async () => {
    const who = await enrolled();
    await staleSession(who.token);
    expectError(await api.post("/auth/step-up", who.token, { password: PASSWORD }), 400, "invalid_code");
    expectError(await api.post("/auth/step-up", who.token, { password: PASSWORD, code: wrongCode(who.secret) }), 400, "invalid_code");
    const up = await api.post("/auth/step-up", who.token, { password: PASSWORD, code: await codeFor(who.id, who.secret) });
    expect(up.statusCode).toBe(200);
    expect((await eventsOf(t, ws.id, "step_up")).find((e) => e.actor_id === who.id)!.data).toMatchObject({ method: "totp" });
  });

  it("guards exactly the acts of the list", async () => {
    const guarded = registeredRoutes(t.app)
      .filter((r) => r.freshAuth)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(guarded).toEqual(
      [
        "POST /api/review/v1/cases/:id/reveal",
        "POST /api/review/v1/restrictive-list/:entryId/reveal",
        "POST /api/review/v1/enrichments/:id/reveal",
        "GET /api/review/v1/cases/export.csv",
        "GET /api/review/v1/audit-events.csv",
        "GET /api/v2/blacklist/export",
        "PUT /api/review/v1/settings",
        "POST /api/review/v1/rulesets/:id/publish",
        "POST /api/review/v1/rulesets/:id/activate",
        "DELETE /api/review/v1/auth/factor",
        "POST /api/review/v1/members/:userId/factor/reset",
        "POST /api/review/v1/api-keys",
        "DELETE /api/review/v1/api-keys/:id",
        "PUT /api/review/v1/sso",
        "DELETE /api/review/v1/sso",
      ].sort(),
    );
    const admin = await person("admin");
    const token = (await signIn(admin.email)).json().accessToken as string;
    await staleSession(token);
    const id = "00000000-0000-4000-8000-000000000000";
    const acts: [string, string, unknown?][] = [
      ["POST", `/api/review/v1/cases/${id}/reveal`],
      ["POST", `/api/review/v1/restrictive-list/${id}/reveal`],
      ["POST", `/api/review/v1/enrichments/enr_abc/reveal`],
      ["GET", `/api/review/v1/cases/export.csv`],
      ["GET", `/api/review/v1/audit-events.csv`],
      ["PUT", `/api/review/v1/settings`, { slaHours: 12 }],
      ["POST", `/api/review/v1/rulesets/${id}/publish`],
      ["POST", `/api/review/v1/rulesets/${id}/activate`],
      ["DELETE", `/api/review/v1/auth/factor`],
      ["POST", `/api/review/v1/members/${admin.id}/factor/reset`],
      ["POST", `/api/review/v1/api-keys`, { name: "x", role: "integration" }],
      ["DELETE", `/api/review/v1/api-keys/${id}`],
      [
        "PUT",
        `/api/review/v1/sso`,
        {
          enabled: true,
          issuer: "https://idp.example.com",
          clientId: "lupa",
          clientSecret: "s3cret",
          domains: ["example.com"],
          groupsClaim: "groups",
          roleMapping: [{ group: "analysts", role: "analyst" }],
          passwordAllowed: true,
        },
      ],
      ["DELETE", `/api/review/v1/sso`],
    ];
    for (const [method, url, body] of acts) expectError(await t.request({ method, url, token, body }), 401, "reauthentication_required");
    const v2 = await t.request({ method: "GET", url: `/api/v2/blacklist/export?workspaceId=${ws.id}`, token });
    expect({ status: v2.statusCode, body: v2.json() }).toEqual({
      status: 401,
      body: { error: expect.stringContaining("recent authentication") },
    });
    // reads beside them stay open
    expect((await t.request({ method: "GET", url: "/api/review/v1/settings", token })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/review/v1/audit-events", token })).statusCode).toBe(200);
  });

  it("refuses a limited (second-step) token on the step-up and the acts", async () => {
    const who = await enrolled();
    const limited = (await signIn(who.email)).json().accessToken as string;
    expectError(await api.post("/auth/step-up", limited, { password: PASSWORD }), 401, "second_factor_required");
  });
});
