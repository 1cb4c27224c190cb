import { ROLES, type Role } from "./types";

// The access token is a JWT issued by the API. The console reads its claims without verifying the
// signature: it only uses them for display and for knowing when to refresh; the API verifies.

export interface AccessTokenClaims {
  sub?: string;
  wid?: string;
  role?: Role;
  email?: string;
  /** Expiry, in seconds since the epoch. */
  exp?: number;
  /** What the session still owes (issue 34): the second-factor code, or an enrolment. */
  mfa?: "pending" | "enrolment";
}

export function readAccessTokenClaims(token: string): AccessTokenClaims {
  const payload = token.split(".")[1];
  if (!payload) return {};
  try {
    const json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    return {
      sub: typeof json.sub === "string" ? json.sub : undefined,
      wid: typeof json.wid === "string" ? json.wid : undefined,
      role: ROLES.includes(json.role as Role) ? (json.role as Role) : undefined,
      email: typeof json.email === "string" ? json.email : undefined,
      exp: typeof json.exp === "number" ? json.exp : undefined,
      mfa: json.mfa === "pending" || json.mfa === "enrolment" ? json.mfa : undefined,
    };
  } catch {
    return {};
  }
}
