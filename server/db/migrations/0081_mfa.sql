-- A second factor and step-up (issue 34, items 2, 3 and 6; server/auth/mfa, docs/security.md).
-- sessions.authenticated_at: when the person last proved who they are in this session (the
-- sign-in, its second step, or a step-up); the acts of the step-up list need it within
-- LUPA_STEP_UP_SECONDS. Sessions that existed before take their start.
-- sessions.second_factor: 'none' (no factor needed), 'pending' (password given, the code not yet),
-- 'enrolment' (the workspace requires a factor the person has not enrolled), 'totp' or
-- 'recovery_code' (how the second step was passed). A pending or enrolment session's tokens
-- are refused everywhere but the second-step routes.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "authenticated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "authenticated_at" = "created_at" WHERE "authenticated_at" IS NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "authenticated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "authenticated_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "second_factor" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
-- user_factors: one TOTP factor per user. The secret is AES-256-GCM ciphertext (server/auth/mfa/secret-box.ts);
-- confirmed_at null: enrolment started, not yet confirmed with a code (it does not count).
-- last_step: the RFC 6238 time step of the last code accepted, so a code is never accepted twice.
CREATE TABLE IF NOT EXISTS "user_factors" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "kind" text DEFAULT 'totp' NOT NULL,
  "secret" text NOT NULL,
  "confirmed_at" timestamp with time zone,
  "last_step" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_factors_ws_idx" ON "user_factors" ("workspace_id");--> statement-breakpoint
-- recovery_codes: 10 single-use codes per confirmed factor, kept as HMAC-SHA-256 digests only.
CREATE TABLE IF NOT EXISTS "recovery_codes" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "recovery_codes_user_hash_key" ON "recovery_codes" ("user_id", "code_hash");
