-- Routing (issue 35 item 4; server/routing, docs/routing.md). The rules themselves are the review
-- settings' `routing` key (review_settings.settings); these tables hold what is per analyst, per
-- rule and per case.
-- member_routing: an analyst's cap of open assigned cases (null: none) and "ausente até" (a
-- calendar day in America/Sao_Paulo, inclusive; null: present).
CREATE TABLE IF NOT EXISTS "member_routing" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "cap" integer,
  "away_until" date,
  "updated_by" uuid,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_routing_ws_idx" ON "member_routing" ("workspace_id");--> statement-breakpoint
-- routing_cursors: round_robin's position per rule (the analyst who got the rule's last case).
CREATE TABLE IF NOT EXISTS "routing_cursors" (
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "rule_id" text NOT NULL,
  "last_user_id" uuid NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "routing_cursors_pk" PRIMARY KEY ("workspace_id", "rule_id")
);--> statement-breakpoint
-- case_queues: the named queue a rule sent a case to (the case stays unassigned).
CREATE TABLE IF NOT EXISTS "case_queues" (
  "verification_id" uuid PRIMARY KEY NOT NULL REFERENCES "verifications"("id"),
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "queue" text NOT NULL,
  "rule_id" text NOT NULL,
  "routed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "case_queues_ws_queue_idx" ON "case_queues" ("workspace_id", "queue");
