-- enrichment_json (migration 0016) again, the same bytes with less work per read (issue 23, first
-- reads: a running enrichment polled is read by this function every time). Most of its time was
-- not writing the text but preparing the expression at each execution (PostgreSQL initializes a
-- plan's expressions on every run of a prepared statement): about 70 `||` operators, 24 `to_json`
-- calls, each a function to look up, and `to_json`'s own lookup of its argument's type on each
-- call. Here `format` writes each part (the head, the tail, a module) from one template, and the
-- values from a closed vocabulary that JSON writes as they are (statuses, entity, profile kind,
-- lane, module names: letters only; the id: `enr_` and lower-case hex, ENRICHMENT_ID; the module's
-- url, made of both) go between quotes without `to_json`: server/v3/enrichments/queries.ts checks
-- at startup that every value of those vocabularies needs no escaping. Free text (the document,
-- the profile's id and name, the dataset, the outcome, the failure reason, the batch id) still
-- goes through `to_json`. A cached module's ageSeconds in bigint arithmetic: greatest(0, x / 1000)
-- with x = difference in ms + 500 is Math.round's floor for x >= 0, and 0 for x < 0 either way.
-- EXPLAIN of the read statement for a running enrichment and the time per execution:
-- docs/benchmarks.md, "First reads". The shape is unchanged, so the bodies stored by 0016's
-- trigger stay valid (test/service/read-bytes.test.ts compares both paths with the serializer).
CREATE OR REPLACE FUNCTION "enrichment_json"(ws uuid, eid text)
RETURNS TABLE ("status" text, "next_retry_at" timestamptz, "deadline_at" timestamptz, "metadata" jsonb, "head" text, "tail" text)
LANGUAGE sql STABLE AS $$
  select c.status, c.next_retry_at, c.deadline_at, e.metadata,
    format('{"id":"%s","status":"%s","outcome":%s,"entity":"%s","document":%s,"profile":{"id":%s,"name":%s,"kind":"%s"},"metadata":',
      e.id, c.status,
      case when c.status = 'COMPLETED' and c.outcome is not null then to_json(c.outcome)::text else 'null' end,
      e.entity, to_json(e.document)::text, to_json(e.profile_id)::text, to_json(e.profile_name)::text, e.profile_kind) as head,
    -- format writes a null argument as nothing: the optional fields are a case without else
    format(',"createdAt":"%s","completedAt":%s%s,"recoveryRound":%s%s%s,"modules":{%s},"lane":"%s"%s}',
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      case when c.status not in ('COMPLETED', 'FAILED') or c.completed_at is null then 'null'
        else '"' || to_char(c.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' end,
      case when c.status not in ('COMPLETED', 'FAILED') and c.next_retry_at is not null
        then ',"nextRetryAt":"' || to_char(c.next_retry_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' end,
      c.recovery_round,
      case when c.status = 'FAILED' and c.failure_reason <> '' then ',"failureReason":' || to_json(c.failure_reason)::text end,
      case when e.deadline <> '' and c.deadline_at is not null
        then ',"deadline":"' || to_char(c.deadline_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' end,
      (select string_agg(format('"%s":{"dataset":%s,"status":"%s"%s,"url":"/api/v3/enrichments/%s/modules/%s"%s}',
          m.module, to_json(m.dataset)::text, m.status,
          case when m.status = 'retrying' and m.next_attempt_at is not null
            then ',"nextAttemptAt":"' || to_char(m.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' end,
          e.id, m.module,
          case when m.status = 'ok' and m.cached_at is not null
            then ',"cache":{"fetchedAt":"' || to_char(m.cached_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","ageSeconds":'
              || greatest(0, ((extract(epoch from date_trunc('milliseconds', coalesce(m.completed_at, m.cached_at))) * 1000)::bigint
                - (extract(epoch from date_trunc('milliseconds', m.cached_at)) * 1000)::bigint + 500) / 1000) || '}' end),
        ',' order by m.module <> 'profile', m.module collate "C")
       from module_runs m where m.collection_id = c.id),
      e.lane,
      case when e.batch_id <> '' then ',"batchId":' || to_json(e.batch_id)::text end) as tail
  from enrichments e join collections c on c.id = e.id and c.workspace_id = e.workspace_id
  where e.workspace_id = ws and e.id = eid
$$;
