// The workspace's MFA requirement for SSO accounts (issue 34 item 2: "SSO accounts rely on their
// IdP, or on acr/amr when the admin requires it"; docs/security.md "Login único (SSO)").
// sso_configs.require_mfa null: the provider alone decides how people authenticate. Set: the
// verified ID token of a sign-in (./sign-in.ts) or a step-up (./step-up.ts) must show a second
// factor: its `amr` (RFC 8176, an array) holds one of the amr values, or its `acr` (a string) is
// one of the acr values; otherwise 403 sso_mfa_required. Values are compared exactly.
import type { JWTPayload } from "jose";
import type { SsoMfaRequirement } from "../db/schema";
import { ApiError } from "../http/errors";

/** A claim value: printable ASCII, no spaces (amr values are short names; acr values are often URIs). */
const VALUE = /^[\x21-\x7e]+$/;

/** PUT /sso's requireMfa, checked (400 invalid_sso_mfa) and trimmed; null stays null. */
export function checkMfaRequirement(raw: { amr?: string[]; acr?: string[] } | null | undefined): SsoMfaRequirement | null {
  if (!raw) return null;
  const out: SsoMfaRequirement = { amr: [], acr: [] };
  for (const key of ["amr", "acr"] as const) {
    const seen = new Set<string>();
    for (const [i, value] of (raw[key] ?? []).entries()) {
      const v = value.trim();
      if (!VALUE.test(v)) throw new ApiError("invalid_sso_mfa", `requireMfa.${key}[${i}] must be a claim value (printable, no spaces)`);
      if (seen.has(v)) throw new ApiError("invalid_sso_mfa", `requireMfa.${key} repeats ${v.slice(0, 60)}`);
      seen.add(v);
      out[key].push(v);
    }
  }
  if (out.amr.length === 0 && out.acr.length === 0)
    throw new ApiError("invalid_sso_mfa", "requireMfa needs at least one amr or acr value (or null to rely on the provider)");
  return out;
}

/** Whether the ID token's claims meet the requirement (always, when there is none). */
export function meetsMfaRequirement(claims: JWTPayload, requirement: SsoMfaRequirement | null): boolean {
  if (!requirement) return true;
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === "string") : [];
  if (amr.some((v) => requirement.amr.includes(v))) return true;
  return typeof claims.acr === "string" && requirement.acr.includes(claims.acr);
}

/** Refuses an ID token that does not show the second factor the workspace requires. */
export function assertMfaClaims(claims: JWTPayload, requirement: SsoMfaRequirement | null): void {
  if (!meetsMfaRequirement(claims, requirement))
    throw new ApiError(
      "sso_mfa_required",
      "the workspace requires a second factor at the identity provider, and the ID token's amr/acr does not show one",
    );
}
