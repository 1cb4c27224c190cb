-- The audit trail can no longer be changed by the role the service connects with (issue 30, item 3).
-- Migration 0012's purge opened the append-only trigger with two session settings
-- (lupa.audit_purge_workspace, lupa.audit_purge_before) that any session may set: a DELETE of
-- events minutes old went through and recorded nothing. The settings mean nothing now. The one
-- way to delete events is audit_events_purge(ws), a SECURITY DEFINER function owned by the table's
-- owner (the role that runs the migrations, LUPA_MIGRATION_DATABASE_URL): it reads the workspace's
-- retention, refuses one under 30 days, deletes what is older and records audit.purged itself.
-- It lets its own DELETE through the trigger with a permit row for its transaction, in a table
-- only the owner may write. The service's role gets SELECT and INSERT on audit_events and EXECUTE
-- on the function (server/db/roles.ts grants them after migrating), so it can neither UPDATE,
-- DELETE nor TRUNCATE, nor disable the triggers (only the owner or a superuser can).
CREATE TABLE IF NOT EXISTS "audit_purge_permits" (
  "txid" bigint NOT NULL,
  "workspace_id" uuid NOT NULL,
  "before" timestamp with time zone NOT NULL,
  PRIMARY KEY ("txid", "workspace_id")
);--> statement-breakpoint
REVOKE ALL ON "audit_purge_permits" FROM PUBLIC;--> statement-breakpoint
-- UPDATE and TRUNCATE: always refused (0012's function, now without its exception).
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_append_only" ON "audit_events";--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
-- DELETE: checked once per statement, after it, against the rows it deleted: refused (and so
-- undone) unless every one is covered by a permit of this transaction. Checked per row, as 0012's
-- check was, the permit was looked up for every row: 100,000 rows deleted in 1.38 s, against 0.15 s
-- checked once and 0.10 s with no trigger (docs/benchmarks.md, "schema-roles"). Names are
-- schema-qualified: the trigger runs with the search_path of whoever deletes (the owner, or the
-- purge function's pinned one), and a table of the same name earlier on a path (pg_temp comes
-- first for tables) must not stand in for the permits.
CREATE OR REPLACE FUNCTION audit_events_delete_permitted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM gone g WHERE NOT EXISTS (
      SELECT 1 FROM public.audit_purge_permits p
      WHERE p.txid = pg_catalog.txid_current() AND p.workspace_id = g.workspace_id AND g.created_at < p.before)
  ) THEN
    RAISE EXCEPTION 'audit_events is append-only: DELETE refused' USING ERRCODE = '42501';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_events_delete_permitted" ON "audit_events";--> statement-breakpoint
CREATE TRIGGER "audit_events_delete_permitted" AFTER DELETE ON "audit_events" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_delete_permitted();--> statement-breakpoint
-- The retention is the workspace's auditRetentionDays (review_settings; 1826 days when unset), the
-- value the API checks to be 30 or more; a stored value under 30 (or not a whole number), which
-- only SQL could write, refuses the purge rather than deleting the last 30 days. `before` is
-- written as JavaScript's toISOString writes it, as the purge did before.
CREATE OR REPLACE FUNCTION audit_events_purge(ws uuid)
RETURNS TABLE ("cutoff" timestamptz, "deleted" bigint, "retention_days" integer)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  stored jsonb;
  days numeric;
  cut timestamptz;
  n bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM public.workspaces w WHERE w.id = ws) THEN
    RAISE EXCEPTION 'no workspace %', ws USING ERRCODE = '22023';
  END IF;
  SELECT s.settings -> 'auditRetentionDays' INTO stored FROM public.review_settings s WHERE s.workspace_id = ws;
  IF stored IS NULL OR jsonb_typeof(stored) = 'null' THEN
    days := 1826;
  ELSIF jsonb_typeof(stored) = 'number' THEN
    days := (stored #>> '{}')::numeric;
  END IF;
  IF days IS NULL OR days <> trunc(days) OR days < 30 THEN
    RAISE EXCEPTION 'audit retention of % days refused for workspace %: the purge keeps at least 30 days', coalesce(stored #>> '{}', '?'), ws
      USING ERRCODE = '22023';
  END IF;
  cut := date_trunc('milliseconds', now()) - make_interval(secs => days * 86400);
  INSERT INTO public.audit_purge_permits (txid, workspace_id, before) VALUES (txid_current(), ws, cut);
  DELETE FROM public.audit_events e WHERE e.workspace_id = ws AND e.created_at < cut;
  GET DIAGNOSTICS n = ROW_COUNT;
  DELETE FROM public.audit_purge_permits p WHERE p.txid = txid_current() AND p.workspace_id = ws;
  INSERT INTO public.audit_events (workspace_id, type, data)
  VALUES (ws, 'audit.purged', jsonb_build_object(
    'before', to_char(cut AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'deleted', n, 'retentionDays', days::integer));
  RETURN QUERY SELECT cut, n, days::integer;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION audit_events_purge(uuid) FROM PUBLIC;
