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
}

export interface TokenSettings {
  secret: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

async function sign(claims: TokenClaims, type: TokenType, seconds: number, secret: string): Promise<string> {
  return new SignJWT({
    wid: claims.workspaceId,
    role: claims.role,
    email: claims.email,
    ver: claims.version,
    sid: claims.sessionId,
    typ: type,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(key(secret));
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

export async function verifyToken(token: string, type: TokenType, secret: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    if (
      payload.typ !== type ||
      typeof payload.sub !== "string" ||
      typeof payload.wid !== "string" ||
      !isRole(payload.role) ||
      typeof payload.sid !== "string"
    ) {
      throw new InvalidTokenError("invalid");
    }
    return {
      userId: payload.sub,
      workspaceId: payload.wid,
      role: payload.role,
      email: String(payload.email ?? ""),
      version: Number(payload.ver ?? 0),
      sessionId: payload.sid,
    };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError("expired");
    throw new InvalidTokenError("invalid");
  }
}
