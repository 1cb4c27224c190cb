-- Where each module's answer came from (issue 28): the provider, the public data's release, the
-- sanctions lists that added to it, the provider whose parties a fan-out followed. Kept with the
-- module's answer and with its copy in the dataset cache (a cached answer keeps its source). Rows
-- written before this migration have none; readers take it from the data (the registry's answers
-- carry `source`) or the sandbox, the only other provider there was (docs/decisions.md, "Sources").
-- `unavailable_modules`: the planned modules left out because no source answers them (LUPA_SANDBOX
-- off), [{module, dataset}], null when none.
ALTER TABLE "module_runs" ADD COLUMN IF NOT EXISTS "source" jsonb;--> statement-breakpoint
ALTER TABLE "dataset_cache" ADD COLUMN IF NOT EXISTS "source" jsonb;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN IF NOT EXISTS "unavailable_modules" jsonb;
