-- API keys for integrations and the sessions' device, address and last use (issue 34, items 4
-- and 5; server/apikeys, docs/security.md "API keys" and "Sessions").
-- api_keys: a key's secret is never stored; secret_hash is the SHA-256 of the whole secret
-- (lupa_sk_ and 32 random bytes: high entropy, so a fast hash is enough), prefix its first
-- characters to recognise it. use_count and last_used_at are added to in batches, once a second
-- per process; first_used_at is set once (the key.first_used audit event goes with it).
CREATE TABLE IF NOT EXISTS "api_keys" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "name" text NOT NULL,
  "role" text NOT NULL,
  "prefix" text NOT NULL,
  "secret_hash" text NOT NULL,
  "created_by" uuid NOT NULL,
  "created_by_email" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "revoked_by" uuid,
  "first_used_at" timestamp with time zone,
  "last_used_at" timestamp with time zone,
  "use_count" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "api_keys_secret_hash_key" ON "api_keys" ("secret_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_keys_ws_created_idx" ON "api_keys" ("workspace_id", "created_at");--> statement-breakpoint
-- sessions: where and from what a sign-in came, and when it was last refreshed (written at
-- sign-in and at each refresh, never per request).
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "user_agent" text;
