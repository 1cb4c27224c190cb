-- Limits and audit integrity, second round (issue 30, items 1, 4 and 7).
-- The audit trail records the server's own request id in request_id; the id a client sent in
-- x-request-id (when it is an acceptable token) is kept apart, in client_request_id, so a client can
-- no longer plant its own id in the trail (a forged id once landed on events of three users).
ALTER TABLE "audit_events" ADD COLUMN IF NOT EXISTS "client_request_id" text;--> statement-breakpoint
-- Saved views are capped per author (50): the count reads this index. They are read a page at a
-- time in (created_at, id) order: the cursor's row comparison reads the page index from its place.
CREATE INDEX IF NOT EXISTS "review_views_ws_author_idx" ON "review_views" USING btree ("workspace_id", "author_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_views_ws_page_idx" ON "review_views" USING btree ("workspace_id", "created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "review_views_ws_idx";--> statement-breakpoint
-- Notes are read a page at a time in (created_at, id) order and counted per case (cap 1,000).
CREATE INDEX IF NOT EXISTS "case_notes_ws_verification_page_idx" ON "case_notes" USING btree ("workspace_id", "verification_id", "created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "case_notes_ws_verification_idx";
