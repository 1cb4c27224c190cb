-- Indexes of the overview's figures (GET /api/v2/verifications/stats): counts by status and the
-- score histogram read the first index only; the latest decision per verification and the
-- decisions per day read the two indexes of verification_feedbacks.
CREATE INDEX IF NOT EXISTS "verifications_ws_created_stats_idx" ON "verifications" USING btree ("workspace_id","created_at") INCLUDE ("status","score");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verification_feedbacks_ws_verification_idx" ON "verification_feedbacks" USING btree ("workspace_id","verification_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verification_feedbacks_ws_created_idx" ON "verification_feedbacks" USING btree ("workspace_id","created_at");
