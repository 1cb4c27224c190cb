// Continuous monitoring (issue 32; docs/monitoring.md): the workspace setting, a case's monitoring
// state, and the alerts of the review API (`/api/review/v1`, v3 envelope). The review contract
// (review.ts) imports the setting from here; this file imports nothing of it back.
import { z } from "zod";

export const MONITORING_SCOPES = ["approved", "decided", "all"] as const;
export const MonitoringScope = z.enum(MONITORING_SCOPES);
export type MonitoringScope = z.infer<typeof MonitoringScope>;
export const MONITORING_SOURCES = ["sanctions", "registry", "restrictive"] as const;
export const MonitoringSource = z.enum(MONITORING_SOURCES);
export type MonitoringSource = z.infer<typeof MonitoringSource>;

export const ALERT_KINDS = [
  "sanction_added",
  "company_status_changed",
  "partner_added",
  "partner_removed",
  "related_company_flagged",
  "restrictive_added",
] as const;
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

export const ALERT_STATES = ["open", "confirmed", "dismissed"] as const;
export const AlertState = z.enum(ALERT_STATES);
export type AlertState = z.infer<typeof AlertState>;

export const ALERT_RESOLUTIONS = ["confirmed", "dismissed"] as const;

const uniqueSources = z
  .array(MonitoringSource)
  .max(MONITORING_SOURCES.length)
  .refine((list) => new Set(list).size === list.length, "sources must not repeat");

/** The workspace's setting: what is watched (review settings' `monitoring`). */
export const MonitoringSettings = z.object({
  enabled: z.boolean(),
  scope: MonitoringScope.describe("approved: cases whose latest decision is APPROVED; decided: any decision; all: every case"),
  sources: uniqueSources,
  callbackUrl: z
    .string()
    .nullable()
    .describe(
      "Where alert.opened and alert.resolved are delivered, signed as v3 callbacks are (https; the callbacks' URL rules); null: none",
    ),
});
export type MonitoringSettings = z.infer<typeof MonitoringSettings>;

export const DEFAULT_MONITORING: MonitoringSettings = {
  enabled: true,
  scope: "approved",
  sources: [...MONITORING_SOURCES],
  callbackUrl: null,
};

/** PUT /settings `monitoring`: any subset of its keys. */
export const MonitoringSettingsUpdate = z
  .object({
    enabled: z.boolean().optional(),
    scope: MonitoringScope.optional(),
    sources: uniqueSources.optional(),
    callbackUrl: z
      .string()
      .max(4096)
      .nullable()
      .optional()
      .describe("https URL (400 invalid_callback when the callbacks' rules refuse it), or null to clear"),
  })
  .strict();

/** What the review case carries (GET /cases/{id} `monitoring`, PUT /cases/{id}/monitoring). */
export const CaseMonitoring = z.object({
  enabled: z.boolean().describe("Watched now: the case's own switch, or the workspace's scope when it has none"),
  override: z.boolean().nullable().describe("The case's own switch (PUT /cases/{id}/monitoring); null: the scope decides"),
  since: z.string().nullable().describe("Since when it is watched (null when it is not)"),
  lastCheckedAt: z.string().nullable().describe("The last run that compared it (null: none yet)"),
  checkedAgainst: z.object({
    sanctions: z.string().nullable().describe("The sanctions release it was last compared with"),
    registry: z.string().nullable().describe("The registry (Receita) release it was last compared with"),
  }),
});
export type CaseMonitoring = z.infer<typeof CaseMonitoring>;

export const CaseMonitoringBody = z.object({ enabled: z.boolean() }).strict();

const Ref = z.object({ id: z.uuid(), email: z.string().nullable() });

export const Alert = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  document: z.string().describe("Masked"),
  source: MonitoringSource,
  kind: AlertKind,
  change: z.object({ before: z.unknown(), after: z.unknown() }),
  release: z.string().nullable().describe("The release compared (null for the restrictive list, which has none)"),
  confidence: z.enum(["exact", "probable"]),
  detectedAt: z.string(),
  state: AlertState,
  assignee: Ref.nullable(),
  resolvedBy: Ref.nullable(),
  resolvedAt: z.string().nullable(),
  comment: z.string().nullable().describe("The resolution's comment"),
});
export type Alert = z.infer<typeof Alert>;

export const AlertList = z.object({ alerts: z.array(Alert), nextCursor: z.string().nullable() });

/** GET /api/review/v1/monitoring/alerts/count: the navigation's count, without the status' aggregate. */
export const AlertCount = z.object({ open: z.number().int().min(0).describe("The workspace's open alerts") });
export type AlertCount = z.infer<typeof AlertCount>;

export const ResolveAlertBody = z.object({ resolution: z.enum(ALERT_RESOLUTIONS), comment: z.string().trim().min(1).max(2000) }).strict();
export type ResolveAlertBody = z.infer<typeof ResolveAlertBody>;

// --- runs and status (issue 32, item 4): GET /api/review/v1/monitoring/status ----------------

export const RUN_SOURCES = ["sanctions", "registry"] as const;
export const RunSource = z.enum(RUN_SOURCES);
export type RunSource = z.infer<typeof RunSource>;
export const RUN_STATES = ["queued", "running", "done", "failed"] as const;
export const RunState = z.enum(RUN_STATES);
export type RunState = z.infer<typeof RunState>;

/** One comparison of the watched documents with a release of one source. */
export const MonitoringRun = z.object({
  id: z.uuid(),
  source: RunSource,
  release: z.string().describe("The release compared with"),
  watched: z.number().int().describe("Documents watched against this source when the run started"),
  checked: z.number().int().describe("Documents compared so far"),
  unchecked: z.number().int().describe("Documents that could not be compared (see uncheckedReasons)"),
  uncheckedReasons: z.record(z.string(), z.number().int()).describe("Why, with how many documents each"),
  alerts: z.number().int().describe("Alerts the run opened"),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  state: RunState,
});
export type MonitoringRun = z.infer<typeof MonitoringRun>;

/** Why a watched document was not compared with the latest release (MonitoringStatus.unchecked.reasons' keys). */
export const UNCHECKED_REASONS = ["pending", "not_in_registry", "no_name"] as const;

export const MonitoringStatus = z.object({
  enabled: z.boolean(),
  watched: z.number().int().describe("Documents the workspace watches now (distinct)"),
  checkedAgainstLatest: z.number().int().describe("Watched documents compared with the latest release of every enabled source"),
  coverage: z.number().min(0).max(1).nullable().describe("checkedAgainstLatest / watched (null when nothing is watched)"),
  unchecked: z.object({
    count: z.number().int(),
    reasons: z.record(z.string(), z.number().int()).describe("Why a watched document is not compared yet, with how many"),
  }),
  openAlerts: z.number().int(),
  latest: z.object({
    sanctions: z.string().nullable().describe("The latest sanctions release imported (null: none)"),
    registry: z.string().nullable().describe("The live registry (Receita) release (null: none)"),
  }),
  runs: z.array(MonitoringRun).describe("The last runs, newest first"),
});
export type MonitoringStatus = z.infer<typeof MonitoringStatus>;
