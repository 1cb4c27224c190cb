-- The v3 resource of a terminal enrichment, written once (issue 23, first reads). A terminal
-- enrichment never changes (spec 3.3; server/http/record-cache.ts relies on it too), so when its
-- collection turns COMPLETED or FAILED the resource's JSON text is stored here and
-- GET /api/v3/enrichments/{id} without `include` reads it with one lookup of this table
-- (readResourceJson, server/v3/enrichments/queries.ts); a running enrichment, or one that ended
-- before this migration, is read by enrichment_json itself.
--
-- enrichment_json(workspace, id): the resource's JSON text, byte for byte what
-- JSON.stringify(toResource(view)) writes (server/v3/enrichments/serialize.ts, checked on every
-- shape by test/service/read-bytes.test.ts), but `metadata`, a client's JSON, which the reader
-- writes between `head` and `tail` with JSON.stringify (jsonb's own text has spaces and writes
-- some numbers otherwise). Follows toSummary and toResource field by field: a change to them is
-- a new migration that replaces this function and empties enrichment_bodies (the stored texts
-- would keep the old shape). A SQL function of one select: the planner inlines it.
-- Timestamps are written as Date.toISOString writes them: UTC, milliseconds truncated as a Date
-- holds them (to_char .MS); a cached module's ageSeconds is Math.round of the difference of the
-- two instants truncated to the millisecond; the modules go profile first, then by name in byte
-- order (collate "C", which queries.ts checks is localeCompare's order for every module name).
CREATE OR REPLACE FUNCTION "enrichment_json"(ws uuid, eid text)
RETURNS TABLE ("status" text, "next_retry_at" timestamptz, "deadline_at" timestamptz, "metadata" jsonb, "head" text, "tail" text)
LANGUAGE sql STABLE AS $$
  select c.status, c.next_retry_at, c.deadline_at, e.metadata,
    '{"id":' || to_json(e.id)::text
    || ',"status":' || to_json(c.status)::text
    || ',"outcome":' || case when c.status = 'COMPLETED' then coalesce(to_json(c.outcome)::text, 'null') else 'null' end
    || ',"entity":' || to_json(e.entity)::text
    || ',"document":' || to_json(e.document)::text
    || ',"profile":{"id":' || to_json(e.profile_id)::text || ',"name":' || to_json(e.profile_name)::text
    || ',"kind":' || to_json(e.profile_kind)::text || '}'
    || ',"metadata":' as head,
    ',"createdAt":' || '"' || to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"completedAt":' || case when c.status not in ('COMPLETED', 'FAILED') then 'null' else coalesce('"' || to_char(c.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null') end
    || case when c.status not in ('COMPLETED', 'FAILED') and c.next_retry_at is not null then ',"nextRetryAt":' || '"' || to_char(c.next_retry_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' else '' end
    || ',"recoveryRound":' || c.recovery_round::text
    || case when c.status = 'FAILED' and c.failure_reason <> '' then ',"failureReason":' || to_json(c.failure_reason)::text else '' end
    || case when e.deadline <> '' and c.deadline_at is not null then ',"deadline":' || '"' || to_char(c.deadline_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' else '' end
    || ',"modules":{' || coalesce((
      select string_agg(
        to_json(m.module)::text || ':{"dataset":' || to_json(m.dataset)::text || ',"status":' || to_json(m.status)::text
        || case when m.status = 'retrying' and m.next_attempt_at is not null
             then ',"nextAttemptAt":' || '"' || to_char(m.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' else '' end
        || ',"url":' || to_json('/api/v3/enrichments/' || e.id || '/modules/' || m.module)::text
        || case when m.status = 'ok' and m.cached_at is not null
             then ',"cache":{"fetchedAt":' || '"' || to_char(m.cached_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' || ',"ageSeconds":'
               || greatest(0, floor(((extract(epoch from date_trunc('milliseconds', coalesce(m.completed_at, m.cached_at))) * 1000)::bigint - (extract(epoch from date_trunc('milliseconds', m.cached_at)) * 1000)::bigint + 500)::numeric / 1000))::bigint::text
               || '}'
             else '' end
        || '}', ',' order by m.module <> 'profile', m.module collate "C")
      from module_runs m where m.collection_id = c.id), '') || '}'
    || ',"lane":' || to_json(e.lane)::text
    || case when e.batch_id <> '' then ',"batchId":' || to_json(e.batch_id)::text else '' end
    || '}' as tail
  from enrichments e join collections c on c.id = e.id and c.workspace_id = e.workspace_id
  where e.workspace_id = ws and e.id = eid
$$;--> statement-breakpoint
-- One row per terminal enrichment (its status, `metadata` as the enrichment holds it, and the
-- text around it); deleted with its enrichment.
CREATE TABLE IF NOT EXISTS "enrichment_bodies" (
	"id" text PRIMARY KEY NOT NULL REFERENCES "enrichments"("id") ON DELETE CASCADE,
	"workspace_id" uuid NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"head" text NOT NULL,
	"tail" text NOT NULL
);--> statement-breakpoint
-- Stores the body of an enrichment's collection that turned terminal, as the transaction that
-- ended it left it: the trigger is deferred to the commit, because the engine's terminal
-- transaction changes the module runs after the status (failOpenModules, dropModulesExcept in
-- server/engine/transitions.ts). On the collections table, so every path that ends a collection
-- (the engine, a batch worker's group, deadlines, recovery) stores it; v2's collections (owner
-- `verification`) have no enrichment and are left out.
CREATE OR REPLACE FUNCTION "enrichment_body_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enrichment_bodies (id, workspace_id, status, metadata, head, tail)
  SELECT NEW.id, NEW.workspace_id, j.status, j.metadata, j.head, j.tail
  FROM enrichment_json(NEW.workspace_id, NEW.id) j
  WHERE j.status IN ('COMPLETED', 'FAILED')
  -- a terminal status never changes; a collection made live again by hand (tests do) and ended
  -- again keeps the text of its last end
  ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, metadata = EXCLUDED.metadata, head = EXCLUDED.head, tail = EXCLUDED.tail;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "collections_terminal_body" ON "collections";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "collections_terminal_body" AFTER UPDATE OF "status" ON "collections"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (NEW.owner = 'enrichment' AND NEW.status IN ('COMPLETED', 'FAILED') AND OLD.status NOT IN ('COMPLETED', 'FAILED'))
	EXECUTE FUNCTION "enrichment_body_store"();
