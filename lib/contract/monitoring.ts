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
});
export type MonitoringSettings = z.infer<typeof MonitoringSettings>;

export const DEFAULT_MONITORING: MonitoringSettings = { enabled: true, scope: "approved", sources: [...MONITORING_SOURCES] };

/** PUT /settings `monitoring`: any subset of its keys. */
export const MonitoringSettingsUpdate = z
  .object({ enabled: z.boolean().optional(), scope: MonitoringScope.optional(), sources: uniqueSources.optional() })
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

export const ResolveAlertBody = z.object({ resolution: z.enum(ALERT_RESOLUTIONS), comment: z.string().trim().min(1).max(2000) }).strict();
export type ResolveAlertBody = z.infer<typeof ResolveAlertBody>;
