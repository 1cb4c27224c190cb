// GET /api/review/v1/monitoring/status (issue 32, item 4; docs/monitoring.md, "Coverage"): what the
// workspace watches, how much of it the latest releases were compared with, and the last runs.
//
// A watched document is checked against the latest when, for every enabled source that has a
// release (sanctions, registry; the restrictive list has none and alerts at once), one of its
// watched cases was compared with that source's latest release (monitoring_cases.checked_*). A
// document that was not is counted as unchecked with its reason: the one the last run recorded
// for that release (monitoring_cases.unchecked), or `pending` when no run has reached it yet.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { rowsOf } from "../db/rows";
import type { MonitoringRun, MonitoringSettings, MonitoringStatus, RunSource } from "../../lib/contract/monitoring";
import { readSettings } from "../review/settings/store";
import { watchedSql } from "./watch";
import { countOpenAlerts } from "./alerts";

/** How many runs the status lists. */
export const STATUS_RUNS = 20;

/**
 * The latest sanctions release: the lists' files as imported (sanction_imports), e.g.
 * "CEIS:20260601_CEIS.zip+CNEP:20260601_CNEP.zip"; null when no list was imported.
 */
export async function latestSanctionsRelease(db: Db | Tx): Promise<string | null> {
  const rows = rowsOf(await db.execute(sql`select list, file from sanction_imports order by list`));
  return rows.length ? rows.map((r) => `${String(r.list)}:${String(r.file)}`).join("+") : null;
}

/** The live registry (Receita) release and its schema; null when none is live. */
export async function liveRegistryRelease(db: Db | Tx): Promise<{ release: string; schema: string } | null> {
  const [row] = rowsOf(await db.execute(sql`select release, schema_name from registry_releases where state = 'live' limit 1`));
  return row ? { release: String(row.release), schema: String(row.schema_name) } : null;
}

export async function latestReleases(db: Db | Tx): Promise<Record<RunSource, string | null>> {
  const [sanctions, registry] = await Promise.all([latestSanctionsRelease(db), liveRegistryRelease(db)]);
  return { sanctions, registry: registry?.release ?? null };
}

type RunRow = {
  id: string;
  source: string;
  release: string;
  watched: number;
  checked: number;
  unchecked: number;
  unchecked_reasons: Record<string, number> | string;
  alerts: number;
  started_at: Date | string;
  ended_at: Date | string | null;
  state: string;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toRun(r: RunRow): MonitoringRun {
  return {
    id: r.id,
    source: r.source as RunSource,
    release: r.release,
    watched: Number(r.watched),
    checked: Number(r.checked),
    unchecked: Number(r.unchecked),
    uncheckedReasons: typeof r.unchecked_reasons === "string" ? JSON.parse(r.unchecked_reasons) : r.unchecked_reasons,
    alerts: Number(r.alerts),
    startedAt: iso(r.started_at)!,
    endedAt: iso(r.ended_at),
    state: r.state as MonitoringRun["state"],
  };
}

/** The per-source condition "compared with the latest release" over the grouped documents. */
function sourcesToCheck(m: MonitoringSettings, latest: Record<RunSource, string | null>): { source: RunSource; release: string }[] {
  if (!m.enabled) return [];
  return (["registry", "sanctions"] as const)
    .filter((source) => m.sources.includes(source) && latest[source] !== null)
    .map((source) => ({ source, release: latest[source]! }));
}

export async function monitoringStatus(db: Db, workspaceId: string): Promise<MonitoringStatus> {
  const [{ monitoring }, latest] = await Promise.all([readSettings(db, workspaceId), latestReleases(db)]);
  const toCheck = sourcesToCheck(monitoring, latest);
  const watchedAny = monitoring.sources[0] ? watchedSql(monitoring, monitoring.sources[0]) : sql`false`;
  const column = (source: RunSource) => (source === "registry" ? sql.raw("mc.checked_registry") : sql.raw("mc.checked_sanctions"));
  // per document: whether each source was compared with its latest release, else the reason
  const okColumns = toCheck.map(
    ({ source, release }) => sql`coalesce(bool_or(${column(source)} = ${release}), false) as ${sql.raw(`${source}_ok`)},
      max(case when mc.unchecked -> ${source} ->> 'release' = ${release} then mc.unchecked -> ${source} ->> 'reason' end) as ${sql.raw(`${source}_reason`)}`,
  );
  const grouped = rowsOf(
    await db.execute(sql`
      with docs as (
        select v.national_id ${okColumns.length ? sql`, ${sql.join(okColumns, sql`, `)}` : sql``}
        from verifications v left join monitoring_cases mc on mc.verification_id = v.id
        where v.workspace_id = ${workspaceId} and ${watchedAny}
        group by v.national_id
      ),
      reasons as (
        select ${
          toCheck.length
            ? sql`case ${sql.join(
                toCheck.map(
                  ({ source }) => sql`when not ${sql.raw(`${source}_ok`)} then coalesce(${sql.raw(`${source}_reason`)}, 'pending')`,
                ),
                sql` `,
              )} end`
            : sql`null::text`
        } as reason
        from docs
      )
      select reason, count(*)::int as n from reasons group by reason`),
  );
  let watched = 0;
  let checked = 0;
  const reasons: Record<string, number> = {};
  for (const row of grouped) {
    const n = Number(row.n);
    watched += n;
    if (row.reason === null) checked += n;
    else reasons[String(row.reason)] = (reasons[String(row.reason)] ?? 0) + n;
  }
  const openAlerts = await countOpenAlerts(db, workspaceId);
  const runs = rowsOf(
    await db.execute(sql`select id, source, release, watched, checked, unchecked, unchecked_reasons, alerts, started_at, ended_at, state
      from monitoring_runs where workspace_id = ${workspaceId} order by started_at desc, id desc limit ${STATUS_RUNS}`),
  ) as unknown as RunRow[];
  return {
    enabled: monitoring.enabled,
    watched,
    checkedAgainstLatest: checked,
    coverage: watched === 0 ? null : checked / watched,
    unchecked: { count: watched - checked, reasons },
    openAlerts,
    latest,
    runs: runs.map(toRun),
  };
}
