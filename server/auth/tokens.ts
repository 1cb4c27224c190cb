// Access and refresh tokens: HS256 JWTs with a pinned algorithm, issuer, audience, expiry and a
// token type claim (`typ`), so a refresh token is never accepted as an access token or the reverse.
// Both carry the user's token version and the session id (`sid`): a password change, a disabled
// user or a revoked session invalidates every token of it (checked on each request, see
// server/auth/sessions.ts). A token without `sid` (issued before sessions existed) is invalid.
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { Role } from "./permissions";
import { isRole } from "./permissions";
import type { TokenPair } from "../../lib/contract/auth";

const ISSUER = "lupa";
const AUDIENCE = "lupa-api";
const ALGORITHM = "HS256";

export type TokenType = "access" | "refresh";

export interface TokenClaims {
  userId: string;
  workspaceId: string;
  role: Role;
  email: string;
  version: number;
  /**
   * The session (token family) the pair belongs to: one per sign-in (server/auth/sessions.ts).
   * Always set on verified tokens; optional for claims built in-process (demo seed).
   */
  sessionId?: string;
  /**
   * Set while the session's second step is not passed (issue 34): "pending" (the code is owed) or
   * "enrolment" (the workspace requires a factor not yet enrolled). Such a token is accepted only
   * by the second-step routes (server/http/auth.ts). Absent on every other token.
   */
  secondFactor?: SecondFactorDue;
}

export type SecondFactorDue = "pending" | "enrolment";

export interface TokenSettings {
  secret: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

// The HMAC key, imported once per secret: jose imports a raw key (Uint8Array) again on every
// call, which was a tenth of the CPU of an authenticated read (bench v2-get, issue 11).
const keys = new Map<string, Promise<CryptoKey>>();
function key(secret: string): Promise<CryptoKey> {
  let imported = keys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    if (keys.size > 16) keys.clear(); // a process has one secret; tests make a few
    keys.set(secret, imported);
  }
  return imported;
}

async function sign(claims: TokenClaims, type: TokenType, seconds: number, secret: string): Promise<string> {
  return new SignJWT({
    wid: claims.workspaceId,
    role: claims.role,
    email: claims.email,
    ver: claims.version,
    sid: claims.sessionId,
    typ: type,
    ...(claims.secondFactor ? { mfa: claims.secondFactor } : {}),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(await key(secret));
}

/** A pair never outlives its session: both lifetimes stop at `sessionExpiresAt` when given. */
export async function issueTokenPair(claims: TokenClaims, settings: TokenSettings, sessionExpiresAt?: Date): Promise<TokenPair> {
  const left = sessionExpiresAt ? Math.max(1, Math.floor((sessionExpiresAt.getTime() - Date.now()) / 1000)) : Infinity;
  const accessTokenSeconds = Math.min(settings.accessTokenSeconds, left);
  const refreshTokenSeconds = Math.min(settings.refreshTokenSeconds, left);
  const [accessToken, refreshToken] = await Promise.all([
    sign(claims, "access", accessTokenSeconds, settings.secret),
    sign(claims, "refresh", refreshTokenSeconds, settings.secret),
  ]);
  // both spellings (spec 2.1); lifetimes in seconds (docs/decisions.md)
  return {
    accessToken,
    refreshToken,
    expiresIn: accessTokenSeconds,
    expires_in: accessTokenSeconds,
    refreshExpiresIn: refreshTokenSeconds,
    tokenType: "Bearer",
    token_type: "Bearer",
  };
}

export class InvalidTokenError extends Error {
  constructor(readonly reason: "expired" | "invalid") {
    super(reason === "expired" ? "Token expired" : "Token invalid");
  }
}

// Tokens already verified, with their claims, until they expire: a client sends the same access
// token with every request for its lifetime, and WebCrypto's HMAC (a thread-pool job per call)
// was the largest cost of an authenticated read left. The key is the whole token, so a hit is
// exactly the bytes that were verified; expiry is checked on every hit; the session and token
// version are still checked per request (server/auth/sessions.ts). Bounded; emptied when full.
const VERIFIED_MAX = 10_000;
const verified = new Map<string, { claims: TokenClaims; type: TokenType; secret: string; exp: number }>();

export async function verifyToken(token: string, type: TokenType, secret: string): Promise<TokenClaims> {
  return verifiedClaims(token, type, secret) ?? verifyWithJose(token, type, secret);
}

/** verifyToken's answer for a token verified before (throws when it expired since), else null. */
export function verifiedClaims(token: string, type: TokenType, secret: string): TokenClaims | null {
  const hit = verified.get(token);
  if (hit && hit.type === type && hit.secret === secret) {
    if (hit.exp > Date.now() / 1000) return hit.claims;
    verified.delete(token);
    throw new InvalidTokenError("expired");
  }
  return null;
}

async function verifyWithJose(token: string, type: TokenType, secret: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    if (
      payload.typ !== type ||
      typeof payload.sub !== "string" ||
      typeof payload.wid !== "string" ||
      !isRole(payload.role) ||
      typeof payload.sid !== "string"
    ) {
      throw new InvalidTokenError("invalid");
    }
    const claims: TokenClaims = {
      userId: payload.sub,
      workspaceId: payload.wid,
      role: payload.role,
      email: String(payload.email ?? ""),
      version: Number(payload.ver ?? 0),
      sessionId: payload.sid,
    };
    if (payload.mfa === "pending" || payload.mfa === "enrolment") claims.secondFactor = payload.mfa;
    if (typeof payload.exp === "number") {
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, { claims: Object.freeze(claims), type, secret, exp: payload.exp });
    }
    return claims;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError("expired");
    throw new InvalidTokenError("invalid");
  }
}
