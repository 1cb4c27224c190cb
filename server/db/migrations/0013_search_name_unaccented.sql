-- The list's search ignores accents both ways (issue 20, item 6): "Jose" finds "José" and "José"
-- finds "Jose". search_name becomes the name lower-cased with its accents folded: translate() of
-- every accented Latin letter, both cases (lower() of a non-ASCII letter depends on the locale:
-- PGlite's C locale keeps "É"), and the combining marks of a decomposed name removed (FROM longer
-- than TO). The search folds its text with the same expression (server/db/search-fold.ts).
-- translate() and lower() are immutable and built in, where unaccent() is STABLE and an extension
-- a database may not have. A generated column's expression cannot change in place (before
-- PostgreSQL 17), so the column is added again: its trigram index and the two indexes that carry it
-- (0009) are dropped with it and made again, as 0009 made them.
ALTER TABLE "verifications" DROP COLUMN IF EXISTS "search_name";--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(lower("name"), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ' || U&'\0300\0301\0302\0303\0308\030A\0327', 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny')) STORED;--> statement-breakpoint
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
		CREATE INDEX IF NOT EXISTS "verifications_search_name_trgm_idx" ON "verifications" USING gin ("search_name" gin_trgm_ops);
	END IF;
END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "verifications_ws_feedback_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verifications_ws_feedback_idx" ON "verifications" USING btree ("workspace_id", "feedback_status", "created_at") INCLUDE ("search_name", "national_id");--> statement-breakpoint
DROP INDEX IF EXISTS "verifications_ws_status_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "verifications_ws_status_created_idx" ON "verifications" USING btree ("workspace_id", "status", "created_at") INCLUDE ("score", "search_name", "national_id");
