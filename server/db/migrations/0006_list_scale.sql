-- The lists at scale (bench list-scale: 1,000,000 rows in one workspace, 100 others beside it).
-- v3 list: its order (created_at at millisecond precision, id) read from indexes instead of sorting
-- the workspace; the expression is the immutable UTC form server/v3/enrichments/queries.ts orders
-- by. Document and profile filters read their own rows in that order. The old (workspace_id,
-- created_at, id) index served only this list.
CREATE INDEX IF NOT EXISTS "enrichments_ws_created_ms_idx" ON "enrichments" USING btree ("workspace_id", (date_trunc('milliseconds', "created_at" AT TIME ZONE 'UTC')), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enrichments_ws_document_idx" ON "enrichments" USING btree ("workspace_id", "document", (date_trunc('milliseconds', "created_at" AT TIME ZONE 'UTC')), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enrichments_ws_profile_idx" ON "enrichments" USING btree ("workspace_id", "profile_id", (date_trunc('milliseconds', "created_at" AT TIME ZONE 'UTC')), "id");--> statement-breakpoint
DROP INDEX IF EXISTS "enrichments_ws_created_idx";--> statement-breakpoint
-- v2 list: a status filter reads its rows newest first (and incomplete=true its two statuses in
-- its 12-hour window); (workspace_id, status) alone made rare statuses walk the whole workspace.
CREATE INDEX IF NOT EXISTS "verifications_ws_status_created_idx" ON "verifications" USING btree ("workspace_id", "status", "created_at");--> statement-breakpoint
DROP INDEX IF EXISTS "verifications_ws_status_idx";--> statement-breakpoint
-- redundant: the same keys as verifications_ws_created_stats_idx (0004, which also INCLUDEs status and score)
DROP INDEX IF EXISTS "verifications_ws_created_idx";--> statement-breakpoint
-- redundant: a prefix of verification_feedbacks_ws_verification_idx (0004)
DROP INDEX IF EXISTS "verification_feedbacks_ws_idx";
