-- The SSO MFA requirement (issue 34 item 2's last sentence; server/sso/mfa-claims.ts, docs/security.md
-- "Login único (SSO)"): null, the provider alone decides how people authenticate (as before);
-- {"amr": [...], "acr": [...]}, an SSO sign-in or step-up is refused (sso_mfa_required) unless the
-- ID token's amr holds one of the amr values or its acr is one of the acr values.
ALTER TABLE "sso_configs" ADD COLUMN IF NOT EXISTS "require_mfa" jsonb;
