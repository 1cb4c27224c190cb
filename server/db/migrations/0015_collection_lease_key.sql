-- The key of the worker's liveness lock (server/engine/liveness.ts) on every lease it takes: a
-- lease whose key no session holds belongs to a dead worker, and another worker takes the
-- collection over at once instead of waiting for the lease to expire. The index holds the leased
-- live collections only (the few in flight), which the takeover check reads every second.
ALTER TABLE "collections" ADD COLUMN IF NOT EXISTS "lease_key" integer;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collections_leased_idx" ON "collections" ("lease_key") WHERE "lease_owner" IS NOT NULL AND "status" IN ('CREATED', 'FETCHING');
