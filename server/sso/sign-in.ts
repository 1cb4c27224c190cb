// The end of an SSO sign-in (POST /sso/callback): the sign-in under way is taken once by its
// state; the provider's answer is exchanged and its ID token verified (./relying-party.ts); the
// e-mail must be verified and of one of the workspace's domains; the groups must map to a role.
// The person is created on the first sign-in (just in time) and the role is set again from the
// groups at each sign-in (a change bumps the token version: tokens with the old role stop). The
// result is a normal Lupa session: the same token pair as a password sign-in. Every refusal is
// recorded as sso.sign_in_refused with its reason; a success as session.started (method "sso").
import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { JWTPayload } from "jose";
import type { Services } from "../context";
import { ssoIdentities, ssoLogins, users } from "../db/schema";
import { ApiError } from "../http/errors";
import { createSession } from "../auth/sessions";
import { noteSignIn } from "../apikeys/sessions";
import { issueTokenPair } from "../auth/tokens";
import { recordEvent } from "../review/audit/record";
import type { TokenPair } from "../../lib/contract/auth";
import type { SsoCallbackBody, SsoRole } from "../../lib/contract/sso";
import type { SsoRoleRule } from "../db/schema";
import { domainOf, readSsoConfig, ssoConfigForEmail, type SsoConfigRow } from "./settings";
import { assertMfaClaims } from "./mfa-claims";
import { finishAuthorization, startAuthorization, type ProviderSettings } from "./relying-party";
import { openSecret } from "./secret-box";

/** The password hash of a person created by SSO: not a scrypt hash, so no password ever matches it. */
export const SSO_ONLY_PASSWORD = "sso-only";

const RANK: Record<SsoRole, number> = { viewer: 1, analyst: 2, admin: 3 };

/** The nonce of a step-up's login starts so (./step-up.ts): the sign-in callback refuses it. */
export const STEP_UP_NONCE_PREFIX = "su.";

export const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");

export function providerOf(s: Services, row: SsoConfigRow): ProviderSettings {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: openSecret(row.clientSecretEnc, row.workspaceId, s.config.jwtSecret),
    allowHttp: s.config.sso.allowHttpIssuer,
  };
}

/** POST /sso/authorize: a sign-in kept server-side (state hashed, PKCE verifier, nonce) and the URL to send the browser to. */
export async function beginSsoSignIn(
  s: Services,
  email: string,
  redirectUri: string,
): Promise<{ authorizationUrl: string; expiresIn: number }> {
  const found = await ssoConfigForEmail(s.db, email);
  if (!found || !found.row.enabled) throw new ApiError("sso_not_available", "single sign-on is not available for this e-mail's domain");
  const start = await startAuthorization(providerOf(s, found.row), redirectUri, email);
  const seconds = s.config.sso.loginSeconds;
  const now = new Date();
  await s.db.insert(ssoLogins).values({
    stateHash: hashState(start.state),
    workspaceId: found.row.workspaceId,
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
    redirectUri,
    createdAt: now,
    expiresAt: new Date(now.getTime() + seconds * 1000),
  });
  // sign-ins never finished: gone after a day (best effort, at most once a minute per process)
  if (now.getTime() - lastSweep > 60_000) {
    lastSweep = now.getTime();
    await s.db.delete(ssoLogins).where(sql`${ssoLogins.expiresAt} < now() - interval '1 day'`);
  }
  return { authorizationUrl: start.url, expiresIn: seconds };
}
let lastSweep = 0;

/** The groups of the claim (a dot reads a nested claim: realm_access.roles); a string is one group. */
export function groupsOf(payload: JWTPayload, claim: string): string[] {
  let value: unknown = payload[claim];
  if (value === undefined && claim.includes("."))
    value = claim
      .split(".")
      .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), payload);
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === "string") : [];
}

/** The highest role any of the groups gives, or null. */
export function roleOf(groups: string[], mapping: SsoRoleRule[]): SsoRole | null {
  let best: SsoRole | null = null;
  for (const rule of mapping) if (groups.includes(rule.group) && (!best || RANK[rule.role] > RANK[best])) best = rule.role;
  return best;
}

interface Refusal {
  workspaceId: string;
  email?: string;
  userId?: string;
}

export async function finishSsoSignIn(
  s: Services,
  body: SsoCallbackBody,
  requestId: string,
  from: { ip: string; userAgent: string | undefined } = { ip: "", userAgent: undefined },
): Promise<TokenPair> {
  const stateHash = hashState(body.state);
  const [login] = await s.db
    .update(ssoLogins)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoLogins.stateHash, stateHash), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, new Date())))
    .returning();
  if (!login || login.nonce.startsWith(STEP_UP_NONCE_PREFIX)) {
    // used already, expired, or a step-up's (./step-up.ts): recorded in its workspace; an unknown state has none
    const [old] = await s.db.select().from(ssoLogins).where(eq(ssoLogins.stateHash, stateHash));
    const error = new ApiError("sso_state_invalid", "this sign-in is unknown, expired or already used; start again");
    if (old) await refuse(s, { workspaceId: old.workspaceId }, error, requestId);
    throw error;
  }
  const who: Refusal = { workspaceId: login.workspaceId };
  try {
    return await signIn(s, login, body, who, requestId, from);
  } catch (error) {
    if (error instanceof ApiError) await refuse(s, who, error, requestId);
    throw error;
  }
}

async function signIn(
  s: Services,
  login: typeof ssoLogins.$inferSelect,
  body: SsoCallbackBody,
  who: Refusal,
  requestId: string,
  from: { ip: string; userAgent: string | undefined },
): Promise<TokenPair> {
  const found = await readSsoConfig(s.db, login.workspaceId);
  if (!found || !found.row.enabled) throw new ApiError("sso_not_available", "single sign-on was turned off for this workspace");
  const { row, domains } = found;
  const claims = await finishAuthorization(providerOf(s, row), login, body);
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || !email.includes("@")) throw new ApiError("sso_email_unverified", "the ID token has no e-mail");
  who.email = email;
  if (claims.email_verified === false) throw new ApiError("sso_email_unverified", "the provider says this e-mail is not verified");
  const domain = domainOf(email);
  if (!domain || !domains.includes(domain))
    throw new ApiError("sso_domain_not_allowed", "this e-mail's domain is not allowed for this workspace");
  // the workspace's MFA requirement (./mfa-claims.ts): before anyone is created or changed
  assertMfaClaims(claims, row.requireMfa);
  const role = roleOf(groupsOf(claims, row.groupsClaim), row.roleMapping);
  if (!role) throw new ApiError("sso_no_role", "none of this person's groups gives a role in this workspace");
  const subject = String(claims.sub);
  const issuer = String(claims.iss);

  const result = await s.db.transaction(async (tx) => {
    const [bound] = await tx
      .select({ user: users })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
    let user = bound?.user;
    if (user && user.workspaceId !== login.workspaceId)
      throw new ApiError("sso_account_conflict", "this identity belongs to another workspace");
    let created = false;
    if (!user) {
      const [byEmail] = await tx.select().from(users).where(eq(users.email, email));
      if (byEmail && byEmail.workspaceId !== login.workspaceId)
        throw new ApiError("sso_account_conflict", "this e-mail belongs to a person of another workspace");
      // an integration account is a machine's: a person's provider never takes it over
      if (byEmail?.role === "integration") throw new ApiError("sso_account_conflict", "this e-mail belongs to an integration account");
      if (byEmail) {
        const [other] = await tx.select().from(ssoIdentities).where(eq(ssoIdentities.userId, byEmail.id));
        if (other) throw new ApiError("sso_account_conflict", "this e-mail is bound to another identity of the provider");
        user = byEmail;
      } else {
        const id = randomUUID();
        const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 200) : email.split("@")[0]!;
        [user] = await tx
          .insert(users)
          .values({ id, workspaceId: login.workspaceId, email, name, role, passwordHash: SSO_ONLY_PASSWORD })
          .returning();
        created = true;
      }
      await tx.insert(ssoIdentities).values({ issuer, subject, workspaceId: login.workspaceId, userId: user!.id });
    }
    who.userId = user!.id;
    if (user!.disabled) throw new ApiError("sso_user_disabled", "this person is disabled in Lupa");
    const roleFrom = user!.role;
    if (!created && roleFrom !== role) {
      // a new role: tokens carrying the old one stop at once (the token version is checked per request)
      [user] = await tx
        .update(users)
        .set({ role, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, user!.id))
        .returning();
    }
    await tx
      .update(ssoIdentities)
      .set({ lastSignInAt: new Date() })
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
    const session = await createSession(tx, user!, s.config.sessionSeconds);
    await noteSignIn(tx, session.id, from);
    await recordEvent(tx, {
      workspaceId: login.workspaceId,
      type: "session.started",
      actor: { id: user!.id, email: user!.email },
      requestId,
      data: {
        sessionId: session.id,
        method: "sso",
        ...(created ? { userCreated: true } : {}),
        role,
        ...(!created && roleFrom !== role ? { roleFrom } : {}),
      },
    });
    return { user: user!, session };
  });
  const { user, session } = result;
  return issueTokenPair(
    { userId: user.id, workspaceId: user.workspaceId, role, email: user.email, version: user.tokenVersion, sessionId: session.id },
    { secret: s.config.jwtSecret, accessTokenSeconds: s.config.accessTokenSeconds, refreshTokenSeconds: s.config.refreshTokenSeconds },
    session.expiresAt,
  );
}

async function refuse(s: Services, who: Refusal, error: ApiError, requestId: string): Promise<void> {
  await recordEvent(s.db, {
    workspaceId: who.workspaceId,
    type: "sso.sign_in_refused",
    actor: who.userId ? { id: who.userId, email: who.email ?? null } : null,
    requestId,
    data: { method: "sso", reason: error.code, ...(who.email && !who.userId ? { email: who.email } : {}) },
  });
}
