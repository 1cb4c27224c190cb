-- v3 callback arming moves from the enrichment to its collection row. The engine's terminal
-- statement locks that row and reads the flag from it (the row's latest version, after any lock
-- wait): with no callback armed, an enrichment's terminal state and its billing are one statement,
-- without a transaction around them (server/engine/transitions.ts). true: the creation request
-- stopped waiting and the enrichment has a callback, so its terminal state writes a delivery.
ALTER TABLE "collections" ADD COLUMN IF NOT EXISTS "callback_armed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "collections" c SET "callback_armed" = true FROM "enrichments" e
	WHERE e."id" = c."id" AND e."workspace_id" = c."workspace_id" AND e."callback_armed" AND e."callback" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "enrichments" DROP COLUMN IF EXISTS "callback_armed";
