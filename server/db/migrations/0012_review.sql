-- Team review and the audit trail (issues 18 and 19; docs/decisions.md, "Review API").
-- The review state of a case lives on its verification row, so the queue is one table read
-- through an index, like the v2 list, and the completion writes it in the UPDATE it already runs:
--   review_started_at  when the case became decidable (COMPLETED or FAILED): the SLA's start
--   first_decided_at   its first effective decision: the SLA's end
--   assignee_id, assigned_at
--   risk_flags         computed at completion, the restrictive-list flag again when the list changes
--   pending_proposal_id  a four-eyes proposal awaiting its second review
-- Nullable columns without a default, and a constant default, change no existing row on PostgreSQL
-- 11 and later; the backfill below rewrites the terminal rows once.
ALTER TABLE "verifications" ADD COLUMN IF NOT EXISTS "review_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN IF NOT EXISTS "first_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN IF NOT EXISTS "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN IF NOT EXISTS "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN IF NOT EXISTS "risk_flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN IF NOT EXISTS "pending_proposal_id" uuid;--> statement-breakpoint
ALTER TABLE "verification_summaries" ADD COLUMN IF NOT EXISTS "stale_at" timestamp with time zone;--> statement-breakpoint
-- The risk flags of a completed verification, as server/review/flags.ts computes them at
-- completion (test/service/review-flags.test.ts holds the two equal). Used by the backfill.
CREATE OR REPLACE FUNCTION review_risk_flags(dossier jsonb, result jsonb, score integer, verdict text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN dossier->'profile'->'blacklisted'->>'client' = 'true' OR dossier->'profile'->'blacklisted'->>'service' = 'true' THEN 'restrictive_list' END,
    CASE WHEN dossier->'profile'->>'obitFlag' = 'true' OR dossier->'profile'->'indicators'->'deathRecord'->>'risky' = 'true' THEN 'deceased' END,
    CASE WHEN dossier->'profile'->'indicators'->'irregularStatus'->>'risky' = 'true' OR dossier->'profile'->'indicators'->'inactiveStatus'->>'risky' = 'true' THEN 'irregular_status' END,
    CASE WHEN coalesce(result->'rules', '[]'::jsonb) ? 'face_mismatch' THEN 'face_mismatch' END,
    CASE WHEN coalesce(result->'rules', '[]'::jsonb) ? 'cnh_data_mismatch' THEN 'cnh_divergence' END,
    CASE WHEN score < 400 THEN 'low_score' END,
    CASE WHEN verdict IN ('REJECT', 'REVIEW') THEN 'ai_disagrees' END
  ], NULL)
$$;--> statement-breakpoint
UPDATE "verifications" v SET
  "review_started_at" = v."updated_at",
  "first_decided_at" = (SELECT min(f."created_at") FROM "verification_feedbacks" f WHERE f."verification_id" = v."id"),
  "risk_flags" = CASE WHEN v."status" = 'COMPLETED' THEN review_risk_flags(v."dossier", v."result", v."score",
    (SELECT s."summary"->>'verdict' FROM "verification_summaries" s WHERE s."verification_id" = v."id")) ELSE '{}'::text[] END
WHERE v."status" IN ('COMPLETED', 'FAILED') AND v."review_started_at" IS NULL;--> statement-breakpoint
-- assignee=me / assignee=none, newest or oldest first
CREATE INDEX IF NOT EXISTS "verifications_ws_assignee_idx" ON "verifications" USING btree ("workspace_id", "assignee_id", "created_at");--> statement-breakpoint
-- cases waiting for their first decision, by the SLA's start (sla filters, the overview's age bands)
CREATE INDEX IF NOT EXISTS "verifications_ws_waiting_idx" ON "verifications" USING btree ("workspace_id", "review_started_at")
  WHERE "first_decided_at" IS NULL AND "review_started_at" IS NOT NULL;--> statement-breakpoint
-- POST /cases/next with its default filters: completed, undecided, unassigned, no proposal; due first
CREATE INDEX IF NOT EXISTS "verifications_ws_next_idx" ON "verifications" USING btree ("workspace_id", "review_started_at", "id")
  WHERE "status" = 'COMPLETED' AND "feedback_status" IS NULL AND "assignee_id" IS NULL AND "pending_proposal_id" IS NULL AND "review_started_at" IS NOT NULL;--> statement-breakpoint
-- the overview's decisions in a period and their median time (GET /api/review/v1/stats)
CREATE INDEX IF NOT EXISTS "verifications_ws_decided_idx" ON "verifications" USING btree ("workspace_id", "first_decided_at") INCLUDE ("review_started_at")
  WHERE "first_decided_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verifications_ws_second_review_idx" ON "verifications" USING btree ("workspace_id", "created_at")
  WHERE "pending_proposal_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "review_settings" (
  "workspace_id" uuid PRIMARY KEY NOT NULL REFERENCES "workspaces"("id"),
  "settings" jsonb NOT NULL,
  "updated_by" uuid,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "review_views" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "author_id" uuid NOT NULL,
  "name" text NOT NULL,
  "filters" jsonb NOT NULL,
  "shared" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_views_ws_idx" ON "review_views" USING btree ("workspace_id", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "case_notes" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "verification_id" uuid NOT NULL REFERENCES "verifications"("id"),
  "author_id" uuid NOT NULL,
  "text" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "edited_at" timestamp with time zone,
  "hidden_at" timestamp with time zone,
  "hidden_by" uuid,
  "hidden_reason" text
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "case_notes_ws_verification_idx" ON "case_notes" USING btree ("workspace_id", "verification_id", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "decision_proposals" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "verification_id" uuid NOT NULL REFERENCES "verifications"("id"),
  "status" text NOT NULL,
  "comment" text,
  "reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "acknowledged_flags" text[] DEFAULT '{}'::text[] NOT NULL,
  "proposed_by" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "resolution" text,
  "resolved_by" uuid,
  "resolved_at" timestamp with time zone,
  "resolution_comment" text,
  "feedback_id" uuid
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "decision_proposals_ws_verification_idx" ON "decision_proposals" USING btree ("workspace_id", "verification_id", "created_at");--> statement-breakpoint
-- The audit trail: append-only. No foreign keys: an event outlives whatever it names.
CREATE TABLE IF NOT EXISTS "audit_events" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "workspace_id" uuid NOT NULL,
  "actor_id" uuid,
  "actor_email" text,
  "type" text NOT NULL,
  "case_id" uuid,
  "entry_id" uuid,
  "request_id" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_ws_created_idx" ON "audit_events" USING btree ("workspace_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_ws_type_idx" ON "audit_events" USING btree ("workspace_id", "type", "created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_ws_case_idx" ON "audit_events" USING btree ("workspace_id", "case_id", "created_at", "id") WHERE "case_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_ws_actor_idx" ON "audit_events" USING btree ("workspace_id", "actor_id", "created_at", "id");--> statement-breakpoint
-- UPDATE, DELETE and TRUNCATE are refused. The one exception is the purge (server/review/audit/purge.ts),
-- which sets lupa.audit_purge_workspace and lupa.audit_purge_before for its own transaction only
-- (set_config(..., true)) and deletes that workspace's events created before that instant.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  purge_workspace text := current_setting('lupa.audit_purge_workspace', true);
  purge_before text := current_setting('lupa.audit_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(purge_workspace, '') <> '' AND coalesce(purge_before, '') <> ''
     AND OLD.workspace_id::text = purge_workspace AND OLD.created_at < purge_before::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_append_only" ON "audit_events";--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_no_truncate" ON "audit_events";--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
