-- The investigation graph (issue 33; server/graph, docs/graph.md).
-- graph_snapshots: a graph saved on a case ("Salvar no caso"): its nodes, edges and positions as
-- the console had them, and the registry releases they were read from, so it reopens as saved
-- after a new release. Append-only from the API (no update or delete route).
CREATE TABLE IF NOT EXISTS "graph_snapshots" (
  "id" uuid PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id"),
  "verification_id" uuid NOT NULL REFERENCES "verifications"("id"),
  "title" text NOT NULL,
  "nodes" jsonb NOT NULL,
  "edges" jsonb NOT NULL,
  "positions" jsonb NOT NULL,
  "releases" text[] NOT NULL DEFAULT '{}'::text[],
  "node_count" integer NOT NULL,
  "edge_count" integer NOT NULL,
  "bytes" integer NOT NULL,
  "created_by" uuid NOT NULL,
  "created_by_email" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "graph_snapshots_ws_case_idx" ON "graph_snapshots" ("workspace_id", "verification_id", "created_at");--> statement-breakpoint
-- graph_lawsuits: the parties of each lawsuit the graph has read from the lawsuits dataset (by its
-- number), so a lawsuit node can be expanded on its own later. Not workspace data: what the
-- dataset publishes about a lawsuit, the same for everyone (documents kept as the provider gave
-- them, never answered unmasked).
CREATE TABLE IF NOT EXISTS "graph_lawsuits" (
  "number" text PRIMARY KEY NOT NULL,
  "dataset" text NOT NULL,
  "item" jsonb NOT NULL,
  "party_ids" text[] NOT NULL DEFAULT '{}'::text[],
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "graph_lawsuits_parties_idx" ON "graph_lawsuits" USING gin ("party_ids");
--> statement-breakpoint
-- a registry partner (masked CPF ***123456** and name) matched to the workspace's verified persons:
-- the six visible digits of their CPF (then the folded name, in server/graph/source.ts)
CREATE INDEX IF NOT EXISTS "verifications_ws_cpf_middle_idx" ON "verifications" ("workspace_id", (substring("national_id" from 4 for 6))) WHERE "entity" = 'person';
