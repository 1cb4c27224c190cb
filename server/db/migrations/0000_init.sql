CREATE TABLE "batches" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"total" integer NOT NULL,
	"created" integer NOT NULL,
	"failed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"enrichment_id" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"url" text NOT NULL,
	"method" text DEFAULT 'POST' NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"entity" text NOT NULL,
	"document" text NOT NULL,
	"lane" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"recovery_round" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"failure_reason" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"wake_at" timestamp with time zone,
	"enqueued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"product" text NOT NULL,
	"actions" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrichments" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"profile_name" text NOT NULL,
	"profile_kind" text NOT NULL,
	"entity" text NOT NULL,
	"document" text NOT NULL,
	"lane" text NOT NULL,
	"batch_id" text,
	"metadata" jsonb NOT NULL,
	"deadline" text,
	"callback" jsonb,
	"callback_armed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"workspace_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"resource_id" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_workspace_id_scope_key_pk" PRIMARY KEY("workspace_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "lawsuit_networks" (
	"enrichment_id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"nodes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"first_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "module_runs" (
	"collection_id" text NOT NULL,
	"module" text NOT NULL,
	"dataset" text NOT NULL,
	"addon" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"data" jsonb,
	"last_error" text,
	"permanent" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_runs_collection_id_module_pk" PRIMARY KEY("collection_id","module")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"modules" jsonb NOT NULL,
	"billing_action" text,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_feedbacks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"verification_id" uuid NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"profile_id" text,
	"national_id" text NOT NULL,
	"entity" text NOT NULL,
	"name" text,
	"status" text NOT NULL,
	"config" jsonb NOT NULL,
	"input" jsonb,
	"result" jsonb,
	"dossier" jsonb,
	"callback" jsonb,
	"failure_reason" text,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"callback_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_entries" ADD CONSTRAINT "billing_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrichments" ADD CONSTRAINT "enrichments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawsuit_networks" ADD CONSTRAINT "lawsuit_networks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_runs" ADD CONSTRAINT "module_runs_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_feedbacks" ADD CONSTRAINT "verification_feedbacks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_feedbacks" ADD CONSTRAINT "verification_feedbacks_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_entries_once_key" ON "billing_entries" USING btree ("enrichment_id","action");--> statement-breakpoint
CREATE INDEX "billing_entries_ws_idx" ON "billing_entries" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_owner_idx" ON "callback_deliveries" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "callback_deliveries_due_idx" ON "callback_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "collections_pending_idx" ON "collections" USING btree ("wake_at") WHERE status in ('CREATED', 'FETCHING');--> statement-breakpoint
CREATE INDEX "contracts_workspace_idx" ON "contracts" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "enrichments_ws_created_idx" ON "enrichments" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "enrichments_ws_batch_idx" ON "enrichments" USING btree ("workspace_id","batch_id");--> statement-breakpoint
CREATE INDEX "profiles_workspace_idx" ON "profiles" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "verification_feedbacks_verification_idx" ON "verification_feedbacks" USING btree ("verification_id","created_at");--> statement-breakpoint
CREATE INDEX "verifications_ws_created_idx" ON "verifications" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "verifications_ws_status_idx" ON "verifications" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "verifications_ws_national_idx" ON "verifications" USING btree ("workspace_id","national_id");