-- The dataset cache (server/datasets/cache.ts): module results by workspace, dataset version and
-- document, reused by later collections of the same workspace until the dataset's TTL passes.
-- v2 `verifications.force` makes a collection skip it (collections.use_cache = false).
CREATE TABLE IF NOT EXISTS "dataset_cache" (
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
	"document" text NOT NULL,
	"dataset" text NOT NULL,
	"found" boolean NOT NULL,
	"data" jsonb,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dataset_cache_pk" PRIMARY KEY ("workspace_id","document","dataset")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dataset_cache_expires_idx" ON "dataset_cache" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN IF NOT EXISTS "use_cache" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "module_runs" ADD COLUMN IF NOT EXISTS "cached_at" timestamp with time zone;
