-- Webhooks (issue 35 items 1 to 3; server/webhooks, docs/webhooks.md).
-- webhook_endpoints: a workspace's receivers. secret signs every delivery; after a rotation the
-- previous secret signs too until previous_secret_until (24 h). state active or paused (100
-- failures in a row pause it; consecutive_failures counts them).
CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "url" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "events" text[] NOT NULL,
  "secret" text NOT NULL,
  "previous_secret" text,
  "previous_secret_until" timestamp with time zone,
  "state" text NOT NULL DEFAULT 'active',
  "consecutive_failures" integer NOT NULL DEFAULT 0,
  "paused_at" timestamp with time zone,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_endpoints_ws_idx" ON "webhook_endpoints" ("workspace_id", "created_at");--> statement-breakpoint
-- webhook_events: the outbox. One row per act, written in the act's transaction, only for a
-- workspace with an endpoint subscribed to its type. order_key: the case (or enrichment) whose
-- events are delivered in order; null: no order.
CREATE TABLE IF NOT EXISTS "webhook_events" (
  "id" text PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "type" text NOT NULL,
  "order_key" text,
  "data" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_events_ws_created_idx" ON "webhook_events" ("workspace_id", "created_at");--> statement-breakpoint
-- webhook_deliveries: one per event and endpoint, in the same transaction. seq orders an
-- endpoint's deliveries of one order_key: a pending delivery waits for every earlier pending one.
CREATE TABLE IF NOT EXISTS "webhook_deliveries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "seq" bigserial NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event_id" text NOT NULL REFERENCES "webhook_events"("id"),
  "order_key" text,
  "state" text NOT NULL DEFAULT 'pending',
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_until" timestamp with time zone,
  "last_status" integer,
  "last_error" text,
  "delivered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_pending_seq_idx" ON "webhook_deliveries" ("seq") WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_order_idx" ON "webhook_deliveries" ("endpoint_id", "order_key", "seq") WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at");--> statement-breakpoint
-- webhook_attempts: each attempt of a delivery, with the first 1 KB of the answer.
CREATE TABLE IF NOT EXISTS "webhook_attempts" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "delivery_id" uuid NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE,
  "workspace_id" uuid NOT NULL,
  "at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
  "status" integer,
  "error" text,
  "duration_ms" integer NOT NULL DEFAULT 0,
  "response" text
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "id");
