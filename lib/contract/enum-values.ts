// The closed sets of values of lib/contract/enums.ts as plain constants, without their zod
// schemas: the console's browser code imports them from here, so zod stays out of its bundles.
// enums.ts re-exports them (the service and the schemas keep importing from there).

/** v2 verification statuses (spec 3). */
export const V2_STATUSES = ["CREATED", "PROCESSING", "ANALYZING", "COMPLETED", "FAILED", "CNH_EXTRACT"] as const;
export type V2Status = (typeof V2_STATUSES)[number];

/** v2 feedback statuses; NOTSTARTED only as a filter meaning "no feedback yet" (spec 3). */
export const FEEDBACK_STATUSES = ["NOTSTARTED", "APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Roles of a workspace's users (docs/decisions.md, "Roles"). */
export const ROLES = ["admin", "analyst", "viewer", "integration"] as const;
export type Role = (typeof ROLES)[number];

/** v3 enrichment statuses (spec 3.3). */
export const V3_STATUSES = ["CREATED", "FETCHING", "COMPLETED", "FAILED"] as const;
export type V3Status = (typeof V3_STATUSES)[number];

/** States of one module of a collection (spec 3.4). */
export const MODULE_STATES = ["pending", "retrying", "ok", "failed"] as const;
export type ModuleState = (typeof MODULE_STATES)[number];

/** Work queues: unit creation (interactive) and batch items (batch). */
export const LANES = ["interactive", "batch"] as const;
export type Lane = (typeof LANES)[number];

/** A completed enrichment's outcome. */
export const OUTCOMES = ["ok", "subject_not_found"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const ENTITIES = ["person", "company"] as const;
export type Entity = (typeof ENTITIES)[number];

/** Dataset modules (spec 2.5a). */
// biometrics: the reference photo of v2 face recognition (server/vision)
export const MODULE_NAMES = ["profile", "finance", "financeAdvanced", "lawsuits", "ownersLawsuits", "related", "biometrics"] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

/** Profile kinds (spec 2.5b). */
export const PROFILE_KINDS = ["enrichment", "verification"] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** Keys of the overview's figures (GET /api/v2/verifications/stats, ./verification-stats.ts). */
export const STATS_STATUSES = ["CREATED", "PROCESSING", "CNH_EXTRACT", "ANALYZING", "COMPLETED", "FAILED"] as const;
export const STATS_DECISIONS = ["NOTSTARTED", "APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;
export const DECIDED = ["APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;

/** Types of the review API's audit events (docs/decisions.md, "Review API"). */
export const AUDIT_EVENT_TYPES = [
  "decision.created",
  "decision.proposed",
  "decision.confirmed",
  "decision.overturned",
  "case.assigned",
  "case.taken_over",
  "case.released",
  "note.created",
  "note.edited",
  "note.hidden",
  "document.revealed",
  "restrictive_list.added",
  "restrictive_list.removed",
  "restrictive_list.imported",
  "restrictive_list.exported",
  "report.downloaded",
  "cases.exported",
  "ai_summary.generated",
  "settings.changed",
  "session.started",
  "session.ended",
  "audit.exported",
  "audit.purged",
  "ruleset.draft_saved",
  "ruleset.published",
  "ruleset.activated",
  "ruleset.shadow_changed",
  "ruleset.backtested",
  "view.shared",
  "view.unshared",
  "alert.opened",
  "alert.assigned",
  "alert.resolved",
  "case.monitoring_changed",
  // login único (SSO, issue 34 item 1); a successful SSO sign-in is session.started with method "sso"
  "sso.settings_changed",
  "sso.sign_in_refused",
  // api keys and sessions (issue 34, items 4 to 6; server/apikeys)
  "api_key.created",
  "api_key.first_used",
  "api_key.revoked",
  // the investigation graph (issue 33; docs/graph.md)
  "graph.snapshot_saved",
  "graph.exported",
  // webhooks (issue 35; docs/webhooks.md)
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  // second factor and step-up (issue 34)
  "sign_in.refused",
  "factor.enrolled",
  "factor.disabled",
  "factor.reset",
  "factor.recovery_code_used",
  "step_up",
  // routing (issue 35 item 4; docs/routing.md): a case a rule sent to a named queue (a case a rule
  // gives to an analyst is case.assigned with data.by "routing" and data.rule)
  "case.routed",
  "member.routing_changed",
] as const;
