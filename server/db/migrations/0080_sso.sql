-- Per-workspace sign-in by OpenID Connect (issue 34, item 1; server/sso, docs/security.md "Login único (SSO)").
-- sso_configs: one per workspace. The client secret is stored encrypted (AES-256-GCM, key derived
-- from the service's JWT secret: server/sso/secret-box.ts); it is never answered back.
CREATE TABLE IF NOT EXISTS "sso_configs" (
  "workspace_id" uuid PRIMARY KEY NOT NULL REFERENCES "workspaces"("id"),
  "enabled" boolean NOT NULL DEFAULT true,
  "issuer" text NOT NULL,
  "client_id" text NOT NULL,
  "client_secret_enc" text NOT NULL,
  "groups_claim" text NOT NULL DEFAULT 'groups',
  "role_mapping" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "password_allowed" boolean NOT NULL DEFAULT true,
  "updated_by" uuid,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- sso_domains: an e-mail domain belongs to at most one workspace (the login page finds the
-- workspace by the domain of the e-mail typed).
CREATE TABLE IF NOT EXISTS "sso_domains" (
  "domain" text PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sso_domains_ws_idx" ON "sso_domains" ("workspace_id");--> statement-breakpoint
-- sso_logins: a sign-in under way, from the redirect to the identity provider until its answer
-- comes back (used once, for 10 minutes). state_hash is the SHA-256 of the state; the PKCE
-- verifier and the nonce never leave the service.
CREATE TABLE IF NOT EXISTS "sso_logins" (
  "state_hash" text PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "code_verifier" text NOT NULL,
  "nonce" text NOT NULL,
  "redirect_uri" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sso_logins_expires_idx" ON "sso_logins" ("expires_at");--> statement-breakpoint
-- sso_identities: the provider's subject (iss, sub) bound to one Lupa user, at the first sign-in.
CREATE TABLE IF NOT EXISTS "sso_identities" (
  "issuer" text NOT NULL,
  "subject" text NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_sign_in_at" timestamp with time zone,
  PRIMARY KEY ("issuer", "subject")
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sso_identities_user_key" ON "sso_identities" ("user_id");
