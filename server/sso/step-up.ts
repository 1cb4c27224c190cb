// The step-up of a person who signs in by SSO (issue 34 item 3; docs/security.md "Step-up"): such
// a person has no password, so POST /auth/step-up cannot renew the session's freshness. Instead the
// step-up goes back to the workspace's provider with `max_age=0` and `prompt=login` (the provider
// must authenticate the person again), and the provider's answer renews the CURRENT session:
//
// - POST /sso/step-up/start (authenticated): a login kept in sso_logins like a sign-in's, whose
//   nonce binds it to the caller's session: `su.<random>.<HMAC(jwt secret, session id, random)>`.
//   The "su." prefix tells the sign-in callback it is not a sign-in (refused there), and only the
//   session that started it can finish it. No column of its own: no migration.
// - POST /sso/step-up/finish (authenticated, the same session): the login is taken once by its
//   state; the code is exchanged and the ID token verified as at the sign-in (signature against
//   the JWKS, issuer, audience, expiry, nonce); then `auth_time` must be present and not older
//   than the step-up's start (30 s of clock tolerance), and `sub` must be the provider identity
//   bound to the session's user. The session is then marked authenticated (markAuthenticated),
//   recorded as step_up with method "sso". Refusals: sso.sign_in_refused with step "step_up".
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Services } from "../context";
import type { Db } from "../db/client";
import { ssoIdentities, ssoLogins, users } from "../db/schema";
import { ApiError } from "../http/errors";
import type { TokenClaims } from "../auth/tokens";
import { markAuthenticated } from "../auth/sessions";
import { freshUntil } from "../auth/step-up";
import { callerEvent, recordEvent } from "../review/audit/record";
import type { SsoCallbackBody } from "../../lib/contract/sso";
import type { StepUpResult } from "../../lib/contract/mfa";
import { readSsoConfig } from "./settings";
import { assertMfaClaims } from "./mfa-claims";
import { finishAuthorization, startAuthorization } from "./relying-party";
import { hashState, providerOf, STEP_UP_NONCE_PREFIX as PREFIX } from "./sign-in";

/** The ID token's auth_time may precede the step-up's start by this much (clocks of two machines). */
const CLOCK_TOLERANCE_SECONDS = 30;

const macOf = (secret: string, sessionId: string, random: string) =>
  createHmac("sha256", secret).update(`lupa-sso-step-up\n${sessionId}\n${random}`).digest("base64url");

function stepUpNonce(secret: string, sessionId: string): string {
  const random = randomBytes(24).toString("base64url");
  return `${PREFIX}${random}.${macOf(secret, sessionId, random)}`;
}

function nonceOfSession(secret: string, nonce: string, sessionId: string): boolean {
  if (!nonce.startsWith(PREFIX)) return false;
  const [random, mac] = nonce.slice(PREFIX.length).split(".");
  if (!random || !mac) return false;
  const want = Buffer.from(macOf(secret, sessionId, random));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The caller's SSO: the workspace's enabled settings and the caller's provider identity, or null (a password account). */
async function ssoOf(db: Db, caller: Pick<TokenClaims, "userId" | "workspaceId">) {
  const [identity] = await db
    .select({ issuer: ssoIdentities.issuer, subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, caller.userId), eq(ssoIdentities.workspaceId, caller.workspaceId)));
  if (!identity) return null;
  const found = await readSsoConfig(db, caller.workspaceId);
  if (!found || !found.row.enabled) return null;
  return { row: found.row, identity };
}

/** Whether the caller can step up through the workspace's provider (GET /auth/factor's stepUpMethods). */
export async function canStepUpWithSso(db: Db, caller: Pick<TokenClaims, "userId" | "workspaceId">): Promise<boolean> {
  return (await ssoOf(db, caller)) !== null;
}

const notAvailable = () =>
  new ApiError("sso_not_available", "this person does not sign in through the workspace's single sign-on: step up with the password");

/** POST /sso/step-up/start: the provider's URL, with max_age=0 and prompt=login, for this session. */
export async function beginSsoStepUp(
  s: Services,
  caller: TokenClaims,
  redirectUri: string,
): Promise<{ authorizationUrl: string; expiresIn: number }> {
  if (!caller.sessionId) throw notAvailable();
  const sso = await ssoOf(s.db, caller);
  if (!sso) throw notAvailable();
  const [user] = await s.db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  const nonce = stepUpNonce(s.config.jwtSecret, caller.sessionId);
  const start = await startAuthorization(providerOf(s, sso.row), redirectUri, user?.email ?? caller.email, { nonce });
  const seconds = s.config.sso.loginSeconds;
  const now = new Date();
  await s.db.insert(ssoLogins).values({
    stateHash: hashState(start.state),
    workspaceId: caller.workspaceId,
    codeVerifier: start.codeVerifier,
    nonce,
    redirectUri,
    createdAt: now,
    expiresAt: new Date(now.getTime() + seconds * 1000),
  });
  return { authorizationUrl: start.url, expiresIn: seconds };
}

/** POST /sso/step-up/finish: the provider's answer renews the caller's session's freshness. */
export async function finishSsoStepUp(s: Services, caller: TokenClaims, body: SsoCallbackBody, requestId: string): Promise<StepUpResult> {
  try {
    return await stepUp(s, caller, body, requestId);
  } catch (error) {
    if (error instanceof ApiError && error.code.startsWith("sso_"))
      await recordEvent(
        s.db,
        callerEvent(caller, { id: requestId }, "sso.sign_in_refused", { data: { method: "sso", step: "step_up", reason: error.code } }),
      );
    throw error;
  }
}

async function stepUp(s: Services, caller: TokenClaims, body: SsoCallbackBody, requestId: string): Promise<StepUpResult> {
  const [login] = await s.db
    .update(ssoLogins)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ssoLogins.stateHash, hashState(body.state)),
        eq(ssoLogins.workspaceId, caller.workspaceId),
        isNull(ssoLogins.usedAt),
        gt(ssoLogins.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!login || !caller.sessionId || !nonceOfSession(s.config.jwtSecret, login.nonce, caller.sessionId))
    throw new ApiError("sso_state_invalid", "this step-up is unknown, expired, already used or another session's; start again");
  const sso = await ssoOf(s.db, caller);
  if (!sso) throw notAvailable();
  const claims = await finishAuthorization(providerOf(s, sso.row), login, body);
  // the provider authenticated the person again, after this step-up started
  if (typeof claims.auth_time !== "number")
    throw new ApiError("sso_token_invalid", "the ID token has no auth_time: the provider did not say when the person authenticated");
  const started = Math.floor(login.createdAt.getTime() / 1000);
  const now = Math.floor(Date.now() / 1000);
  if (claims.auth_time < started - CLOCK_TOLERANCE_SECONDS || claims.auth_time > now + CLOCK_TOLERANCE_SECONDS)
    throw new ApiError(
      "sso_token_invalid",
      "the ID token's auth_time is older than this step-up: the provider did not authenticate the person again",
    );
  if (claims.iss !== sso.identity.issuer || claims.sub !== sso.identity.subject)
    throw new ApiError("sso_account_conflict", "the provider answered for another person than this session's");
  // the same MFA requirement as the sign-in's (./mfa-claims.ts)
  assertMfaClaims(claims, sso.row.requireMfa);
  await s.db.transaction(async (tx) => {
    if (!(await markAuthenticated(tx, caller))) throw new ApiError("unauthorized", "Session ended");
    await recordEvent(tx, callerEvent(caller, { id: requestId }, "step_up", { data: { sessionId: caller.sessionId, method: "sso" } }));
  });
  // the session's own time, as stored (GET /auth/factor's freshUntil says the same)
  const until = await freshUntil(s.db, caller, s.config.stepUpSeconds);
  if (!until) throw new ApiError("unauthorized", "Session ended");
  return { authenticatedAt: new Date(until.getTime() - s.config.stepUpSeconds * 1000).toISOString(), freshUntil: until.toISOString() };
}
