-- Monitoring runs (issue 32, items 2, 4 and 5; server/monitoring/runs.ts, docs/monitoring.md).
-- monitoring_runs: one comparison of a workspace's watched documents with one release of one
-- source (sanctions or registry), resumable: `checkpoint` is the last document whose batch
-- committed (its alerts, snapshots and counters in the same transaction).
CREATE TABLE IF NOT EXISTS "monitoring_runs" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "source" text NOT NULL,
  "release" text NOT NULL,
  "state" text NOT NULL DEFAULT 'queued',
  "watched" integer NOT NULL DEFAULT 0,
  "checked" integer NOT NULL DEFAULT 0,
  "unchecked" integer NOT NULL DEFAULT 0,
  "unchecked_reasons" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "alerts" integer NOT NULL DEFAULT 0,
  "checkpoint" text,
  "error" text,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "monitoring_runs_release_key" ON "monitoring_runs" ("workspace_id", "source", "release");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "monitoring_runs_ws_started_idx" ON "monitoring_runs" ("workspace_id", "started_at");--> statement-breakpoint
-- monitoring_snapshots: per watched document and source, its normalized facts as last compared
-- (never the raw rows: a retired registry release's schema is dropped right after the swap).
CREATE TABLE IF NOT EXISTS "monitoring_snapshots" (
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "source" text NOT NULL,
  "national_id" text NOT NULL,
  "release" text NOT NULL,
  "facts" jsonb NOT NULL,
  "taken_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("workspace_id", "source", "national_id")
);--> statement-breakpoint
-- why the last run could not compare a case: {"registry": {"release": "2026-06", "reason": "not_in_registry"}}
ALTER TABLE "monitoring_cases" ADD COLUMN IF NOT EXISTS "unchecked" jsonb;
