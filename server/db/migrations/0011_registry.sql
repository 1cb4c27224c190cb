-- Real public data (issue 22). The Receita Federal's CNPJ open data is loaded by release (the
-- month), each into a schema of its own (registry_r<id>, created by the importer:
-- server/registry/), beside the live one; this table says which release is live, and the
-- importer's swap changes it in one transaction. At most one live release, one loading per month.
CREATE TABLE IF NOT EXISTS "registry_releases" (
	"id" serial PRIMARY KEY,
	"release" text NOT NULL,
	"schema_name" text NOT NULL UNIQUE,
	"source" text NOT NULL,
	"state" text NOT NULL CHECK ("state" IN ('loading', 'live', 'retired')),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"loaded_at" timestamp with time zone,
	"live_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "registry_releases_one_live" ON "registry_releases" ((true)) WHERE "state" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "registry_releases_one_loading" ON "registry_releases" ("release") WHERE "state" = 'loading';--> statement-breakpoint
-- The federal sanctions lists (CEIS, CNEP: Portal da Transparência) as the service's restrictive
-- list: one row per sanction; an import replaces one list's rows in one transaction.
-- `document`: 11 or 14 characters, or the masked CPF as published ('***456789**');
-- `name_key`: the name upper-cased without accents, matched with a masked CPF.
CREATE TABLE IF NOT EXISTS "sanctions" (
	"list" text NOT NULL,
	"entity" text NOT NULL CHECK ("entity" IN ('person', 'company')),
	"document" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"sanction" text NOT NULL,
	"agency" text NOT NULL,
	"agency_state" text,
	"process" text,
	"legal_basis" text,
	"fine" numeric(17, 2),
	"starts_on" date,
	"ends_on" date,
	"published_on" date
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sanctions_document_idx" ON "sanctions" USING btree ("document");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sanction_imports" (
	"list" text PRIMARY KEY,
	"file" text NOT NULL,
	"rows" integer NOT NULL,
	"refused" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
