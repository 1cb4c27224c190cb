-- Monitoring at scale (issue 32 remainder; server/monitoring/runs.ts, docs/monitoring.md).
-- monitoring_run_ranges: the batches of a run that committed, each the documents (after_id, last_id]
-- in national_id order, written in the batch's own transaction (its alerts, snapshots, cases and the
-- run's counters). Batches commit in parallel (LUPA_MONITORING_CONCURRENCY), so a run's progress is
-- a set of ranges rather than one checkpoint: a run stopped half-way resumes by comparing only the
-- gaps between them. The primary key refuses the same batch twice.
CREATE TABLE IF NOT EXISTS "monitoring_run_ranges" (
  "run_id" uuid NOT NULL REFERENCES "monitoring_runs"("id") ON DELETE CASCADE,
  "after_id" text NOT NULL,
  "last_id" text NOT NULL,
  "committed_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("run_id", "after_id")
);--> statement-breakpoint
-- the process running a run now: each start (or resume) takes it over, and a batch commits only
-- while its process still holds it, so two processes never compare the same documents
ALTER TABLE "monitoring_runs" ADD COLUMN IF NOT EXISTS "runner" uuid;--> statement-breakpoint
-- the navigation's count of open alerts (GET /api/review/v1/monitoring/alerts/count): an index of
-- the open ones only, per workspace
CREATE INDEX IF NOT EXISTS "monitoring_alerts_ws_open_idx" ON "monitoring_alerts" ("workspace_id") WHERE "state" = 'open';
