-- Continuous monitoring (issue 32; server/monitoring, docs/monitoring.md).
-- monitoring_cases: a case's own monitoring state: the override of the workspace's scope
-- (enabled null: follows the scope) and what the runs last compared it with.
CREATE TABLE IF NOT EXISTS "monitoring_cases" (
  "verification_id" uuid PRIMARY KEY NOT NULL REFERENCES "verifications"("id"),
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "enabled" boolean,
  "since" timestamp with time zone,
  "last_checked_at" timestamp with time zone,
  "checked_sanctions" text,
  "checked_registry" text,
  "updated_by" uuid,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "monitoring_cases_ws_idx" ON "monitoring_cases" ("workspace_id");--> statement-breakpoint
-- monitoring_alerts: one row per change. The unique key (workspace, document, kind, the value
-- after, release) is what keeps a change from opening two alerts: inserts say ON CONFLICT DO
-- NOTHING, never a check before. release is '' for the restrictive list (it has no releases).
CREATE TABLE IF NOT EXISTS "monitoring_alerts" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "verification_id" uuid NOT NULL REFERENCES "verifications"("id"),
  "national_id" text NOT NULL,
  "source" text NOT NULL,
  "kind" text NOT NULL,
  "before" jsonb,
  "after" jsonb,
  "after_key" text NOT NULL,
  "release" text NOT NULL DEFAULT '',
  "confidence" text NOT NULL DEFAULT 'exact',
  "detected_at" timestamp with time zone DEFAULT now() NOT NULL,
  "state" text NOT NULL DEFAULT 'open',
  "assignee_id" uuid,
  "assigned_at" timestamp with time zone,
  "resolved_by" uuid,
  "resolved_at" timestamp with time zone,
  "resolution_comment" text
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "monitoring_alerts_change_key" ON "monitoring_alerts" ("workspace_id", "national_id", "kind", "after_key", "release");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "monitoring_alerts_ws_detected_idx" ON "monitoring_alerts" ("workspace_id", "detected_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "monitoring_alerts_ws_case_idx" ON "monitoring_alerts" ("workspace_id", "verification_id");--> statement-breakpoint
-- monitoring_dismissals: a dismissed change (document, kind, the value after) never alerts again,
-- in any later release or run.
CREATE TABLE IF NOT EXISTS "monitoring_dismissals" (
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "national_id" text NOT NULL,
  "kind" text NOT NULL,
  "after_key" text NOT NULL,
  "alert_id" uuid NOT NULL,
  "dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("workspace_id", "national_id", "kind", "after_key")
);
