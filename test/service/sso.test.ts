// Login único (SSO) by OpenID Connect (issue 34, item 1, and its audit events of item 6), against
// a real OpenID provider on loopback (test/support/oidc-provider.ts): the admins' settings with
// their exact codes, the secret never answered and stored encrypted, discovery by domain, a sign-in
// that creates the person just in time with the mapped role and gives a normal Lupa session, the
// role changed by a group change at the next sign-in, and each refusal: wrong audience, wrong nonce,
// expired token, unknown signing key, a domain outside the list, groups mapping to no role, a used
// state. Password sign-in off for people, still on for integration accounts. The step-up of an SSO
// person through the provider (issue 34 item 3): max_age=0, auth_time checked, same subject, the
// current session renewed and recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PASSWORD, startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, reviewApi } from "../support/review";
import { startOidcProvider, type TestProvider } from "../support/oidc-provider";
import { sessions, ssoConfigs, users } from "../../server/db/schema";
import { openSecret } from "../../server/sso/secret-box";
import { createUser } from "../../server/tenancy/workspaces";

const REDIRECT = "http://127.0.0.1:3999/api/auth/sso/callback";
const DOMAIN = "acme-sso.test";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let idp: TestProvider;
let api: ReturnType<typeof reviewApi>;

const settings = (o: Record<string, unknown> = {}) => ({
  enabled: true,
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  domains: [DOMAIN],
  groupsClaim: "groups",
  roleMapping: [
    { group: "lupa-admins", role: "admin" },
    { group: "lupa-analysts", role: "analyst" },
    { group: "lupa-viewers", role: "viewer" },
  ],
  passwordAllowed: true,
  ...o,
});

/** The whole sign-in as the console does it: authorize, the provider's login form, callback. */
async function ssoSignIn(email: string) {
  const start = await api.call("POST", "/sso/authorize", undefined, { email, redirectUri: REDIRECT });
  expect(start.statusCode).toBe(200);
  const answer = await idp.signIn(start.json().authorizationUrl, email);
  return api.call("POST", "/sso/callback", undefined, answer);
}

beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUris: [REDIRECT],
    people: [
      { email: `ana@${DOMAIN}`, name: "Ana Souza", groups: ["lupa-analysts"] },
      { email: `bruno@${DOMAIN}`, groups: ["lupa-viewers", "lupa-admins"] },
      { email: `carla@${DOMAIN}`, groups: ["marketing"] },
      { email: "dora@elsewhere.test", groups: ["lupa-analysts"] },
      { email: `eva@${DOMAIN}`, groups: ["lupa-analysts"] },
      { email: `fabio@${DOMAIN}`, groups: ["lupa-analysts"], emailVerified: false },
    ],
  });
  t = await startService({ workers: false, env: { LUPA_SSO_ALLOW_HTTP_ISSUER: "1" } });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe("settings", () => {
  it("answers configured: false before the first PUT, and is for admins only", async () => {
    const res = await api.get("/sso", ws.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ configured: false, clientSecretSet: false, domains: [], callbackPath: "/api/auth/sso/callback" });
    expectError(await api.get("/sso", ws.tokens.analyst), 403, "forbidden");
    expectError(await api.put("/sso", ws.tokens.analyst, settings()), 403, "forbidden");
    expect((await api.get("/capabilities", ws.tokens.viewer)).json().features).toContain("sso");
  });

  it("refuses a bad issuer, domains or mapping with exact codes, and stores nothing", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ issuer: "not a url" }, 400, "invalid_sso_issuer"],
      [{ issuer: "ftp://idp.example.com" }, 400, "invalid_sso_issuer"],
      [{ issuer: `${idp.issuer}?tenant=1` }, 400, "invalid_sso_issuer"],
      [{ issuer: "https://user:pw@idp.example.com" }, 400, "invalid_sso_issuer"],
      [{ domains: [] }, 400, "invalid_sso_domains"],
      [{ domains: ["not_a_domain"] }, 400, "invalid_sso_domains"],
      [{ domains: ["@acme.test"] }, 400, "invalid_sso_domains"],
      [{ domains: ["acme.test", "ACME.test"] }, 400, "invalid_sso_domains"],
      [{ roleMapping: [] }, 400, "invalid_sso_mapping"],
      [{ roleMapping: [{ group: "x", role: "integration" }] }, 400, "invalid_sso_mapping"],
      [{ roleMapping: [{ group: "x", role: "root" }] }, 400, "invalid_sso_mapping"],
      [{ roleMapping: [{ group: " ", role: "admin" }] }, 400, "invalid_sso_mapping"],
      [
        {
          roleMapping: [
            { group: "x", role: "admin" },
            { group: "x", role: "viewer" },
          ],
        },
        400,
        "invalid_sso_mapping",
      ],
      // the MFA requirement (amr/acr): its own code for values, invalid_body for shapes
      [{ requireMfa: { amr: [], acr: [] } }, 400, "invalid_sso_mfa"],
      [{ requireMfa: {} }, 400, "invalid_sso_mfa"],
      [{ requireMfa: { amr: ["mfa", "mfa"] } }, 400, "invalid_sso_mfa"],
      [{ requireMfa: { amr: ["two words"] } }, 400, "invalid_sso_mfa"],
      [{ requireMfa: { amr: [" "] } }, 400, "invalid_sso_mfa"],
      [{ requireMfa: { acr: [""] } }, 400, "invalid_sso_mfa"],
      [{ requireMfa: { acr: ["urn:x", " urn:x"] } }, 400, "invalid_sso_mfa"],
      [{ requireMfa: { amr: "mfa" } }, 400, "invalid_body"],
      [{ requireMfa: { amr: [1] } }, 400, "invalid_body"],
      [{ requireMfa: { acr: "urn:x" } }, 400, "invalid_body"],
      [{ requireMfa: { amr: Array.from({ length: 21 }, (_, i) => `m${i}`) } }, 400, "invalid_body"],
      [{ requireMfa: { amr: ["mfa"], extra: 1 } }, 400, "invalid_body"],
      [{ requireMfa: true }, 400, "invalid_body"],
      [{ groupsClaim: "has space" }, 400, "invalid_body"],
      [{ clientId: "" }, 400, "invalid_body"],
      [{ enabled: "yes" }, 400, "invalid_body"],
      [{ extra: 1 }, 400, "invalid_body"],
      [{ clientSecret: undefined }, 400, "invalid_body"], // required the first time
    ];
    for (const [change, status, code] of cases) expectError(await api.put("/sso", ws.tokens.admin, settings(change)), status, code);
    expect((await api.get("/sso", ws.tokens.admin)).json().configured).toBe(false);
  });

  it("stores the secret encrypted, never answers it, and records sso.settings_changed", async () => {
    const res = await api.put("/sso", ws.tokens.admin, settings({ domains: [DOMAIN.toUpperCase()] }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ configured: true, enabled: true, issuer: idp.issuer, clientSecretSet: true, domains: [DOMAIN] });
    expect(JSON.stringify(body)).not.toContain(idp.clientSecret);
    const [row] = await t.services.db.select().from(ssoConfigs).where(eq(ssoConfigs.workspaceId, ws.id));
    expect(row!.clientSecretEnc).not.toContain(idp.clientSecret);
    expect(row!.clientSecretEnc).toMatch(/^v1\./);
    expect(openSecret(row!.clientSecretEnc, ws.id, t.config.jwtSecret)).toBe(idp.clientSecret);
    expect(() => openSecret(row!.clientSecretEnc, other.id, t.config.jwtSecret)).toThrow(); // bound to the workspace
    // a PUT without the secret keeps it
    const kept = await api.put("/sso", ws.tokens.admin, settings({ clientSecret: undefined, groupsClaim: "groups" }));
    expect(kept.json().clientSecretSet).toBe(true);
    const events = await eventsOf(t, ws.id, "sso.settings_changed");
    expect(events.length).toBe(2);
    expect(events[1]!.data).toMatchObject({ created: true, changed: expect.arrayContaining(["issuer", "clientSecret", "domains"]) });
    expect(events[0]!.data).toMatchObject({ created: false, changed: [] });
    expect(JSON.stringify(events)).not.toContain(idp.clientSecret);
    expect(events[0]!.actor_id).toBe(ws.users.admin.id);
  });

  it("keeps a domain to one workspace (409), and another workspace's settings apart", async () => {
    expectError(await api.put("/sso", other.tokens.admin, settings()), 409, "sso_domain_taken");
    expect((await api.get("/sso", other.tokens.admin)).json().configured).toBe(false);
    expectError(await api.del("/sso", other.tokens.admin), 404, "not_found");
  });
});

describe("discovery", () => {
  it("tells only whether SSO is offered for the domain, the same for any address of it", async () => {
    const known = await api.call("POST", "/sso/discover", undefined, { email: ws.users.admin.email });
    expect(known.json()).toEqual({ sso: false, passwordAllowed: true });
    const a = await api.call("POST", "/sso/discover", undefined, { email: `ana@${DOMAIN}` });
    const nobody = await api.call("POST", "/sso/discover", undefined, { email: `nobody-${Date.now()}@${DOMAIN}` });
    expect(a.json()).toEqual({ sso: true, passwordAllowed: true });
    expect(nobody.json()).toEqual(a.json());
    expectError(await api.call("POST", "/sso/discover", undefined, { email: "not-an-email" }), 400, "invalid_body");
    expectError(
      await api.call("POST", "/sso/authorize", undefined, { email: "x@nosso.test", redirectUri: REDIRECT }),
      404,
      "sso_not_available",
    );
    expectError(
      await api.call("POST", "/sso/authorize", undefined, { email: `a@${DOMAIN}`, redirectUri: "javascript:alert(1)" }),
      400,
      "invalid_body",
    );
  });
});

describe("sign-in", () => {
  it("creates the person just in time with the mapped role, and gives a normal Lupa session", async () => {
    const res = await ssoSignIn(`ana@${DOMAIN}`);
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair).toMatchObject({ tokenType: "Bearer", token_type: "Bearer" });
    const [ana] = await t.services.db
      .select()
      .from(users)
      .where(eq(users.email, `ana@${DOMAIN}`));
    expect(ana).toMatchObject({ workspaceId: ws.id, role: "analyst", name: "Ana Souza" });
    // the session works like a password one: review routes, refresh, sign-out
    expect((await api.get("/cases", pair.accessToken)).statusCode).toBe(200);
    const refreshed = await t.request({ method: "POST", url: "/api/v1/authentication/refresh", body: { refreshToken: pair.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const started = (await eventsOf(t, ws.id, "session.started")).find((e) => e.actor_id === ana!.id);
    expect(started!.data).toMatchObject({ method: "sso", userCreated: true, role: "analyst" });
    // no password signs this person in
    const pw = await t.request({
      method: "POST",
      url: "/api/v1/authentication",
      body: { username: `ana@${DOMAIN}`, password: "sso-only" },
    });
    expect(pw.statusCode).toBe(401);
  });

  it("gives the highest mapped role, and a group change changes the role at the next sign-in", async () => {
    const first = await ssoSignIn(`bruno@${DOMAIN}`);
    expect(first.statusCode).toBe(200);
    const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(claims(first.json().accessToken).role).toBe("admin");
    idp.setPerson({ email: `bruno@${DOMAIN}`, groups: ["lupa-viewers"] });
    const second = await ssoSignIn(`bruno@${DOMAIN}`);
    expect(second.statusCode).toBe(200);
    expect(claims(second.json().accessToken).role).toBe("viewer");
    const [bruno] = await t.services.db
      .select()
      .from(users)
      .where(eq(users.email, `bruno@${DOMAIN}`));
    expect(bruno!.role).toBe("viewer");
    // the admin token of the first sign-in stops (token version bumped)
    expectError(await api.get("/sso", first.json().accessToken), 401, "unauthorized");
    expectError(await api.get("/sso", second.json().accessToken), 403, "forbidden");
    const started = (await eventsOf(t, ws.id, "session.started")).filter((e) => e.actor_id === bruno!.id);
    expect(started[0]!.data).toMatchObject({ method: "sso", role: "viewer", roleFrom: "admin" });
  });

  it("refuses groups that map to no role, with the reason recorded, and creates nobody", async () => {
    expectError(await ssoSignIn(`carla@${DOMAIN}`), 403, "sso_no_role");
    expect(
      await t.services.db
        .select()
        .from(users)
        .where(eq(users.email, `carla@${DOMAIN}`)),
    ).toEqual([]);
    const [refused] = await eventsOf(t, ws.id, "sso.sign_in_refused");
    expect(refused!.data).toMatchObject({ method: "sso", reason: "sso_no_role", email: `carla@${DOMAIN}` });
  });

  it("refuses an e-mail outside the allowed domains and an unverified e-mail", async () => {
    // the provider answers for a person of another domain (the sign-in was started with an allowed one)
    const start = await api.call("POST", "/sso/authorize", undefined, { email: `eva@${DOMAIN}`, redirectUri: REDIRECT });
    const answer = await idp.signIn(start.json().authorizationUrl, "dora@elsewhere.test");
    expectError(await api.call("POST", "/sso/callback", undefined, answer), 403, "sso_domain_not_allowed");
    expectError(await ssoSignIn(`fabio@${DOMAIN}`), 403, "sso_email_unverified");
    const reasons = (await eventsOf(t, ws.id, "sso.sign_in_refused")).map((e) => e.data.reason);
    expect(reasons).toEqual(expect.arrayContaining(["sso_domain_not_allowed", "sso_email_unverified"]));
  });

  for (const mode of ["wrong_audience", "wrong_nonce", "expired", "unknown_key"] as const) {
    it(`refuses an ID token with ${mode.replace("_", " ")}`, async () => {
      idp.misbehave(mode);
      try {
        const res = await ssoSignIn(`eva@${DOMAIN}`);
        expectError(res, 401, "sso_token_invalid");
        // openid-client does not check the signature of a token from the token endpoint: the explicit JWKS check refuses it
        if (mode === "unknown_key") expect(res.json().error.message).toMatch(/ERR_JWS_SIGNATURE_VERIFICATION_FAILED/);
      } finally {
        idp.misbehave("none");
      }
      expect(
        await t.services.db
          .select()
          .from(users)
          .where(eq(users.email, `eva@${DOMAIN}`)),
      ).toEqual([]);
      const [refused] = await eventsOf(t, ws.id, "sso.sign_in_refused");
      expect(refused!.data).toMatchObject({ reason: "sso_token_invalid" });
    });
  }

  it("uses a state once, and refuses an unknown one", async () => {
    const start = await api.call("POST", "/sso/authorize", undefined, { email: `eva@${DOMAIN}`, redirectUri: REDIRECT });
    const answer = await idp.signIn(start.json().authorizationUrl, `eva@${DOMAIN}`);
    expect((await api.call("POST", "/sso/callback", undefined, answer)).statusCode).toBe(200);
    expectError(await api.call("POST", "/sso/callback", undefined, answer), 400, "sso_state_invalid");
    expectError(await api.call("POST", "/sso/callback", undefined, { ...answer, state: "forged" }), 400, "sso_state_invalid");
    expectError(await api.call("POST", "/sso/callback", undefined, { state: "x", extra: 1 }), 400, "invalid_body");
  });

  it("refuses an e-mail that belongs to another workspace's person", async () => {
    const email = `gil@${DOMAIN}`;
    await createUser(t.services.db, { workspaceId: other.id, email, role: "analyst", password: PASSWORD });
    idp.setPerson({ email, groups: ["lupa-analysts"] });
    expectError(await ssoSignIn(email), 409, "sso_account_conflict");
    // nor does a person's provider take over an integration account of the same workspace
    const machine = `maquina@${DOMAIN}`;
    await createUser(t.services.db, { workspaceId: ws.id, email: machine, role: "integration", password: PASSWORD });
    idp.setPerson({ email: machine, groups: ["lupa-admins"] });
    expectError(await ssoSignIn(machine), 409, "sso_account_conflict");
    const [kept] = await t.services.db.select().from(users).where(eq(users.email, machine));
    expect(kept!.role).toBe("integration");
  });
});

describe("step-up through the provider (max_age=0)", () => {
  const sidOf = (token: string) => String(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid);
  const stale = (token: string) =>
    t.services.db
      .update(sessions)
      .set({ authenticatedAt: new Date(Date.now() - 7200 * 1000) })
      .where(eq(sessions.id, sidOf(token)));
  const exportCsv = (token: string) => api.get("/cases/export.csv", token);
  /** The step-up as the console does it: start (the session's token), the provider's login as `email`, finish. */
  async function stepUp(token: string, email = `ana@${DOMAIN}`) {
    const start = await api.post("/sso/step-up/start", token, { redirectUri: REDIRECT });
    expect(start.statusCode).toBe(200);
    const url = new URL(start.json().authorizationUrl);
    expect(url.searchParams.get("max_age")).toBe("0");
    expect(url.searchParams.get("prompt")).toBe("login");
    const answer = await idp.signIn(url.href, email);
    return { answer, res: await api.post("/sso/step-up/finish", token, answer) };
  }
  let token: string;

  beforeAll(async () => {
    const signedIn = await ssoSignIn(`ana@${DOMAIN}`);
    expect(signedIn.statusCode).toBe(200);
    token = signedIn.json().accessToken;
  });

  it("tells the console how each person steps up", async () => {
    expect((await api.get("/auth/factor", token)).json().stepUpMethods).toEqual(["sso"]);
    expect((await api.get("/auth/factor", ws.tokens.analyst)).json().stepUpMethods).toEqual(["password"]);
  });

  it("renews a stale SSO session through the provider: 401 reauthentication_required, step-up, then the act works", async () => {
    await stale(token);
    expectError(await exportCsv(token), 401, "reauthentication_required");
    // no password to give
    expectError(await api.post("/auth/step-up", token, { password: "sso-only" }), 400, "invalid_password");
    const { res } = await stepUp(token);
    expect(res.statusCode).toBe(200);
    const { authenticatedAt, freshUntil } = res.json();
    expect(Date.parse(freshUntil)).toBeGreaterThan(Date.parse(authenticatedAt));
    expect((await exportCsv(token)).statusCode).toBe(200);
    expect((await api.get("/auth/factor", token)).json().freshUntil).toBe(freshUntil);
    const [ana] = await t.services.db
      .select()
      .from(users)
      .where(eq(users.email, `ana@${DOMAIN}`));
    const [event] = await eventsOf(t, ws.id, "step_up");
    expect(event).toMatchObject({ actor_id: ana!.id, data: { sessionId: sidOf(token), method: "sso" } });
  });

  for (const mode of ["no_auth_time", "old_auth_time"] as const) {
    it(`refuses an ID token with ${mode.replaceAll("_", " ")}, and the session stays stale`, async () => {
      await stale(token);
      idp.misbehave(mode);
      try {
        const { res } = await stepUp(token);
        expectError(res, 401, "sso_token_invalid");
        expect(res.json().error.message).toMatch(/auth_time/);
      } finally {
        idp.misbehave("none");
      }
      expectError(await exportCsv(token), 401, "reauthentication_required");
      const [refused] = await eventsOf(t, ws.id, "sso.sign_in_refused");
      expect(refused!.data).toEqual({ method: "sso", step: "step_up", reason: "sso_token_invalid" });
    });
  }

  it("refuses another subject at the provider", async () => {
    await stale(token);
    const { res } = await stepUp(token, `eva@${DOMAIN}`);
    expectError(res, 409, "sso_account_conflict");
    expectError(await exportCsv(token), 401, "reauthentication_required");
  });

  it("binds the step-up to the session that started it, once, and never as a sign-in", async () => {
    await stale(token);
    const start = await api.post("/sso/step-up/start", token, { redirectUri: REDIRECT });
    const answer = await idp.signIn(start.json().authorizationUrl, `ana@${DOMAIN}`);
    // another session of the same person, another workspace's person: not theirs
    const second = (await ssoSignIn(`ana@${DOMAIN}`)).json().accessToken as string;
    expectError(await api.post("/sso/step-up/finish", second, answer), 400, "sso_state_invalid");
    expectError(await api.post("/sso/step-up/finish", token, answer), 400, "sso_state_invalid"); // taken once
    const again = await api.post("/sso/step-up/start", token, { redirectUri: REDIRECT });
    const next = await idp.signIn(again.json().authorizationUrl, `ana@${DOMAIN}`);
    expectError(await api.post("/sso/step-up/finish", other.tokens.admin, next), 400, "sso_state_invalid");
    // a step-up's answer is no sign-in
    const third = await api.post("/sso/step-up/start", token, { redirectUri: REDIRECT });
    const signIn = await idp.signIn(third.json().authorizationUrl, `ana@${DOMAIN}`);
    expectError(await api.call("POST", "/sso/callback", undefined, signIn), 400, "sso_state_invalid");
    expectError(await exportCsv(token), 401, "reauthentication_required");
  });

  it("is for SSO people only, and checks its bodies", async () => {
    expectError(await api.post("/sso/step-up/start", ws.tokens.analyst, { redirectUri: REDIRECT }), 404, "sso_not_available");
    expectError(await api.post("/sso/step-up/start", token, { redirectUri: "javascript:alert(1)" }), 400, "invalid_body");
    expectError(await api.post("/sso/step-up/start", token, { redirectUri: REDIRECT, extra: 1 }), 400, "invalid_body");
    expectError(await api.post("/sso/step-up/finish", token, { state: "" }), 400, "invalid_body");
    expectError(await api.post("/sso/step-up/finish", token, { state: "forged", code: "x" }), 400, "sso_state_invalid");
    expectError(await api.call("POST", "/sso/step-up/start", undefined, { redirectUri: REDIRECT }), 401, "unauthorized");
  });

  it("applies the workspace's MFA requirement (amr/acr) to the step-up too", async () => {
    expect((await api.put("/sso", ws.tokens.admin, settings({ requireMfa: { amr: ["mfa", "otp"] } }))).statusCode).toBe(200);
    try {
      await stale(token);
      const { res } = await stepUp(token); // the provider says nothing of a second factor
      expectError(res, 403, "sso_mfa_required");
      expectError(await exportCsv(token), 401, "reauthentication_required");
      const [refused] = await eventsOf(t, ws.id, "sso.sign_in_refused");
      expect(refused!.data).toEqual({ method: "sso", step: "step_up", reason: "sso_mfa_required" });
      idp.authContext({ amr: ["pwd", "otp"] });
      expect((await stepUp(token)).res.statusCode).toBe(200);
      expect((await exportCsv(token)).statusCode).toBe(200);
    } finally {
      idp.authContext(null);
      await api.put("/sso", ws.tokens.admin, settings());
    }
  });
});

describe("MFA required at the provider (amr/acr)", () => {
  const mfaSettings = (requireMfa: unknown) => settings({ clientSecret: undefined, requireMfa });
  afterAll(async () => {
    idp.authContext(null);
    await api.put("/sso", ws.tokens.admin, mfaSettings(null));
  });

  it("stores the requirement, answers it, and records the change", async () => {
    const res = await api.put("/sso", ws.tokens.admin, mfaSettings({ amr: [" mfa", "hwk"], acr: ["urn:acme:loa:mfa"] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().requireMfa).toEqual({ amr: ["mfa", "hwk"], acr: ["urn:acme:loa:mfa"] });
    expect((await api.get("/sso", ws.tokens.admin)).json().requireMfa).toEqual({ amr: ["mfa", "hwk"], acr: ["urn:acme:loa:mfa"] });
    const [changed] = await eventsOf(t, ws.id, "sso.settings_changed");
    expect(changed!.data).toMatchObject({ changed: ["requireMfa"], requireMfa: { amr: ["mfa", "hwk"], acr: ["urn:acme:loa:mfa"] } });
    // the same again changes nothing (jsonb's key order does not count as a change)
    await api.put("/sso", ws.tokens.admin, mfaSettings({ acr: ["urn:acme:loa:mfa"], amr: ["mfa", "hwk"] }));
    expect((await eventsOf(t, ws.id, "sso.settings_changed"))[0]!.data).toMatchObject({ changed: [] });
    // absent is null: the provider alone decides
    const off = await api.put("/sso", ws.tokens.admin, settings({ clientSecret: undefined }));
    expect(off.json().requireMfa).toBeNull();
    // another workspace's settings are its own
    expect((await api.get("/sso", other.tokens.admin)).json().requireMfa).toBeNull();
  });

  it("signs in when the ID token's amr holds a listed value, or its acr is a listed one", async () => {
    await api.put("/sso", ws.tokens.admin, mfaSettings({ amr: ["mfa", "otp", "hwk"], acr: ["urn:acme:loa:mfa"] }));
    idp.authContext({ amr: ["pwd", "hwk"] });
    expect((await ssoSignIn(`eva@${DOMAIN}`)).statusCode).toBe(200);
    idp.authContext({ amr: ["pwd"], acr: "urn:acme:loa:mfa" });
    expect((await ssoSignIn(`eva@${DOMAIN}`)).statusCode).toBe(200);
  });

  it("refuses an ID token with no listed amr or acr: 403 sso_mfa_required, recorded, nobody created", async () => {
    await api.put("/sso", ws.tokens.admin, mfaSettings({ amr: ["mfa"], acr: ["urn:acme:loa:mfa"] }));
    const email = `ivo@${DOMAIN}`;
    idp.setPerson({ email, groups: ["lupa-analysts"] });
    for (const context of [null, { amr: ["pwd"] }, { amr: ["pwd"], acr: "urn:acme:loa:pwd" }, { acr: "mfa" }]) {
      idp.authContext(context);
      const res = await ssoSignIn(email);
      expectError(res, 403, "sso_mfa_required");
      const [refused] = await eventsOf(t, ws.id, "sso.sign_in_refused");
      expect(refused!.data).toEqual({ method: "sso", reason: "sso_mfa_required", email });
    }
    expect(await t.services.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // the requirement lifted: the provider alone decides again, as before
    idp.authContext(null);
    await api.put("/sso", ws.tokens.admin, mfaSettings(null));
    expect((await ssoSignIn(email)).statusCode).toBe(200);
  });
});

describe("password sign-in turned off", () => {
  it("refuses people's passwords but keeps integration accounts, and discovery says so", async () => {
    const analyst = await createUser(t.services.db, { workspaceId: ws.id, email: `hugo@${DOMAIN}`, role: "analyst", password: PASSWORD });
    const signIn = (username: string) =>
      t.request({ method: "POST", url: "/api/v1/authentication", body: { username, password: PASSWORD } });
    expect((await signIn(analyst.email)).statusCode).toBe(200);
    expect((await api.put("/sso", ws.tokens.admin, settings({ clientSecret: undefined, passwordAllowed: false }))).statusCode).toBe(200);
    const refused = await signIn(analyst.email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatch(/SSO/);
    expect((await signIn(ws.users.integration.email)).statusCode).toBe(200);
    expect((await api.call("POST", "/sso/discover", undefined, { email: analyst.email })).json()).toEqual({
      sso: true,
      passwordAllowed: false,
    });
    // a wrong password is still just wrong credentials (nothing told about the policy)
    const wrong = await t.request({
      method: "POST",
      url: "/api/v1/authentication",
      body: { username: analyst.email, password: "wrong-password" },
    });
    expect(wrong.json().error).not.toMatch(/SSO/);
  });

  it("DELETE removes the settings: the domain has no SSO any more", async () => {
    const res = await api.del("/sso", ws.tokens.admin);
    expect(res.statusCode).toBe(204);
    expect((await api.call("POST", "/sso/discover", undefined, { email: `ana@${DOMAIN}` })).json()).toEqual({
      sso: false,
      passwordAllowed: true,
    });
    expect((await eventsOf(t, ws.id, "sso.settings_changed"))[0]!.data).toEqual({ deleted: true });
  });
});
