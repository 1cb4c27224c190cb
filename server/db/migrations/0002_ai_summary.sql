CREATE TABLE "verification_summaries" (
	"verification_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"summary" jsonb,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "verification_summaries" ADD CONSTRAINT "verification_summaries_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_summaries" ADD CONSTRAINT "verification_summaries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_summaries_pending_idx" ON "verification_summaries" USING btree ("requested_at") WHERE summary is null;
