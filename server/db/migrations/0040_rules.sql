-- Rules the risk team owns (issue 31; docs/rules.md; server/rules/):
--   rulesets               versions of a workspace's rule set per scoring profile: draft, then
--                          published (immutable); one active version per profile scores its new
--                          verifications, shadow versions score them too, without effect. Version 1
--                          of each profile is created by the service, published and active.
--   verification_facts     the facts of a completed verification, extracted once from its dossier
--                          with the extractor's version (a backtest never parses a dossier again);
--                          verifications completed before are backfilled by the sweep.
--   verification_scorings  which version scored a verification, with the rules that fired and the
--                          fact values that fired them, and the shadow versions' scores. Never
--                          rewritten: a verification keeps the score it was given.
CREATE TABLE IF NOT EXISTS "rulesets" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "profile_id" text NOT NULL,
  "version" integer NOT NULL,
  "state" text NOT NULL,
  "rules" jsonb NOT NULL,
  "thresholds" jsonb NOT NULL,
  "active" boolean DEFAULT false NOT NULL,
  "shadow" boolean DEFAULT false NOT NULL,
  "based_on" uuid,
  "created_by" uuid,
  "updated_by" uuid,
  "published_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "published_at" timestamp with time zone,
  "activated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rulesets_ws_profile_version_idx" ON "rulesets" ("workspace_id", "profile_id", "version");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rulesets_ws_profile_active_idx" ON "rulesets" ("workspace_id", "profile_id") WHERE "active";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "verification_facts" (
  "verification_id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL,
  "entity" text NOT NULL,
  "profile_id" text,
  "extractor_version" integer NOT NULL,
  "facts" jsonb NOT NULL,
  "verification_created_at" timestamp with time zone NOT NULL,
  "extracted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verification_facts_ws_profile_created_idx" ON "verification_facts" ("workspace_id", "profile_id", "verification_created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "verification_scorings" (
  "verification_id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL,
  "ruleset_id" uuid NOT NULL,
  "version" integer NOT NULL,
  "score" integer NOT NULL,
  "recommendation" text NOT NULL,
  "fired" jsonb NOT NULL,
  "shadow" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
