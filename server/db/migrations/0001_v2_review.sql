-- v2 review: the latest feedback decision on the verification row (list filter and record),
-- the workspace restrictive list with its audit trail, and the indexes of the v2 list
-- (trigram indexes for the partial search when pg_trgm is available).
ALTER TABLE "verifications" ADD COLUMN "feedback_status" text;
--> statement-breakpoint
UPDATE "verifications" v SET "feedback_status" = (
	SELECT f."status" FROM "verification_feedbacks" f
	WHERE f."verification_id" = v."id"
	ORDER BY f."created_at" DESC, f."id" DESC LIMIT 1
);
--> statement-breakpoint
CREATE INDEX "verifications_ws_feedback_idx" ON "verifications" USING btree ("workspace_id","feedback_status","created_at");
--> statement-breakpoint
CREATE TABLE "blacklist_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"national_id" text NOT NULL,
	"entity" text NOT NULL,
	"name" text,
	"reason" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "blacklist_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"national_id" text NOT NULL,
	"entry_id" uuid,
	"name" text,
	"reason" text,
	"expires_at" timestamp with time zone,
	"user_id" uuid NOT NULL,
	"user_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "blacklist_audit" ADD CONSTRAINT "blacklist_audit_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_entries_ws_national_key" ON "blacklist_entries" USING btree ("workspace_id","national_id");
--> statement-breakpoint
CREATE INDEX "blacklist_entries_ws_created_idx" ON "blacklist_entries" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "blacklist_audit_ws_created_idx" ON "blacklist_audit" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "verification_feedbacks_ws_idx" ON "verification_feedbacks" USING btree ("workspace_id","verification_id");
--> statement-breakpoint
DO $$
BEGIN
	CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
	RAISE NOTICE 'pg_trgm is not available: the v2 list search runs without trigram indexes';
END $$;
--> statement-breakpoint
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
		CREATE INDEX IF NOT EXISTS "verifications_name_trgm_idx" ON "verifications" USING gin ("name" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "verifications_national_trgm_idx" ON "verifications" USING gin ("national_id" gin_trgm_ops);
		CREATE INDEX IF NOT EXISTS "blacklist_entries_name_trgm_idx" ON "blacklist_entries" USING gin ("name" gin_trgm_ops);
	END IF;
END $$;
