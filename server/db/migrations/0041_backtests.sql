-- Backtests of rule set versions on the team's decisions (issue 31 item 5; docs/rules.md, "How to
-- read a backtest"; server/rules/backtest*.ts):
--   backtests  one run of a candidate version against a baseline version over a profile's
--              verifications created in [from, to): the versions' rules and thresholds as they
--              were when it was asked for (a draft may change afterwards), its state and progress,
--              and, once done, its result (flips, histograms, per-rule metrics, ROC AUC, the
--              first flipped cases). Run by a background job (pg-boss queue rules-backtest).
-- The facts are read in keyset order (verification_created_at, verification_id): the index on
-- (workspace_id, profile_id, verification_created_at) gains verification_id, so a page starts
-- where the last one ended without sorting the ties.
CREATE TABLE IF NOT EXISTS "backtests" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "profile_id" text NOT NULL,
  "candidate_id" uuid NOT NULL,
  "baseline_id" uuid NOT NULL,
  "candidate" jsonb NOT NULL,
  "baseline" jsonb NOT NULL,
  "from" timestamp with time zone,
  "to" timestamp with time zone,
  "state" text NOT NULL,
  "progress" double precision DEFAULT 0 NOT NULL,
  "result" jsonb,
  "error" text,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "backtests_ws_candidate_idx" ON "backtests" ("workspace_id", "candidate_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verification_facts_ws_profile_created_id_idx" ON "verification_facts" ("workspace_id", "profile_id", "verification_created_at", "verification_id");--> statement-breakpoint
DROP INDEX IF EXISTS "verification_facts_ws_profile_created_idx";
