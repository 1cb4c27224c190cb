-- The v2 list's `search` matches a stored lower-cased copy of the name with LIKE instead of the
-- name with ILIKE (server/v2/verifications/queries.ts). On a UTF-8 database ILIKE lower-cases
-- both sides for every row it reads (PostgreSQL's like.c), which was most of the cost of reading
-- rows in created_at order for a common surname (bench list-scale: 1,001 matches of "silva" among
-- 1,000,000 rows, 17 ms with ILIKE, 6 ms with LIKE on this column). The same lower() on both
-- sides keeps the matches identical. Adding the column rewrites the table (38 s for 2,000,000
-- rows on 2 cores); the trigram index moves from the name to this column.
-- The decision and status indexes also carry the searched columns (and the status index the
-- score), so that a search within a decision or a status counts its first 1,001 matches from the
-- index alone: 1,001 "silva" among the REPROVED, 23,000 entries read, 4 ms, against 15 ms through
-- the table and 39 ms through the trigram index, the planner's choice without them; "santos"
-- among the COMPLETED with a score up to 300, 58,000 entries, 7 ms against 16 ms.
ALTER TABLE "verifications" ADD COLUMN IF NOT EXISTS "search_name" text GENERATED ALWAYS AS (lower("name")) STORED;--> statement-breakpoint
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
		CREATE INDEX IF NOT EXISTS "verifications_search_name_trgm_idx" ON "verifications" USING gin ("search_name" gin_trgm_ops);
		DROP INDEX IF EXISTS "verifications_name_trgm_idx";
	END IF;
END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "verifications_ws_feedback_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verifications_ws_feedback_idx" ON "verifications" USING btree ("workspace_id", "feedback_status", "created_at") INCLUDE ("search_name", "national_id");--> statement-breakpoint
DROP INDEX IF EXISTS "verifications_ws_status_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verifications_ws_status_created_idx" ON "verifications" USING btree ("workspace_id", "status", "created_at") INCLUDE ("score", "search_name", "national_id");
