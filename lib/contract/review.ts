// The review API (`/api/review/v1`, beyond the interface; docs/decisions.md "Review API"): team
// queues, assignment, SLA, risk flags, bulk work, saved views, settings, reasons, four-eyes, notes,
// reveal and the audit trail. Errors use the v3 envelope {error: {code, message}}.
import { z } from "zod";
import { AUDIT_EVENT_TYPES } from "./enum-values";
import { EXPORT_FORMATS } from "./format/csv";
import { FEEDBACK_STATUSES, Role, V2Status } from "./enums";
import { EngineVerification, LegacyVerification } from "./v2";
import { BatchItemError } from "./v3";
import { FEEDBACK_DECISIONS, FeedbackDecision, FeedbackRecord } from "./v2-review";
import { CaseScoring } from "./rules";
import { CaseMonitoring, DEFAULT_MONITORING, MonitoringSettings, MonitoringSettingsUpdate } from "./monitoring";
import { DEFAULT_ROUTING, RoutingSettings, RoutingSettingsUpdate } from "./routing";

export const REVIEW_PREFIX = "/api/review/v1";

/** Risk flags of a case, in this order (docs/decisions.md, "Risk flags"). */
export const RISK_FLAGS = [
  "restrictive_list",
  "deceased",
  "irregular_status",
  "face_mismatch",
  "cnh_divergence",
  "low_score",
  "ai_disagrees",
  "alert_confirmed",
] as const;
export const RiskFlag = z.enum(RISK_FLAGS);
export type RiskFlag = z.infer<typeof RiskFlag>;

/** ok: within the SLA; due_soon: its last quarter; breached: past it (or decided after it); met: decided within it. */
export const SLA_STATES = ["ok", "due_soon", "breached", "met"] as const;
export const SlaState = z.enum(SLA_STATES);
export type SlaState = z.infer<typeof SlaState>;

export const CASE_SORTS = ["newest", "oldest", "score_asc", "score_desc"] as const;
export const CaseSort = z.enum(CASE_SORTS);
export type CaseSort = z.infer<typeof CaseSort>;

/** What four-eyes may apply to: a decision status, or an approval of a case with risk flags. */
export const FOUR_EYES_TRIGGERS = [...FEEDBACK_DECISIONS, "flagged_approval"] as const;
export const FourEyesTrigger = z.enum(FOUR_EYES_TRIGGERS);
export type FourEyesTrigger = z.infer<typeof FourEyesTrigger>;

export { AUDIT_EVENT_TYPES };
export const AuditEventType = z.enum(AUDIT_EVENT_TYPES);
export type AuditEventType = z.infer<typeof AuditEventType>;

/** `format` of the CSV exports (cases, audit trail, the v2 restrictive list): `labels` by default, `codes` for integrations. */
export const ExportFormat = z
  .enum(EXPORT_FORMATS)
  .default("labels")
  .describe(
    "labels (default): pt-BR headers and words, each code a machine may need in its own *_codigo column, dates DD/MM/AAAA HH:MM in Brasília time; codes: the original shape (codes, ISO 8601 instants in UTC)",
  );

export const UserRef = z.object({ id: z.uuid(), email: z.string().nullable() });
export type UserRef = z.infer<typeof UserRef>;

// --- capabilities -----------------------------------------------------------------------------

export const Capabilities = z.object({
  teamReview: z.literal(true),
  version: z.literal("1"),
  features: z
    .array(z.string())
    .describe(
      "assignment, sla, flags, bulk, export, views, reasons, fourEyes, notes, reveal, audit, stats, rules, monitoring, graph, sso, apiKeys, sessions, webhooks",
    ),
  role: Role,
  canAct: z.boolean().describe("admin or analyst: assign, decide, write notes"),
  canAdminister: z.boolean().describe("admin: settings, audit log, hide notes"),
});
export type Capabilities = z.infer<typeof Capabilities>;

// --- cases ------------------------------------------------------------------------------------

/** The list's filters as typed values (saved views and POST /cases/next carry them as JSON). */
export const CaseFilters = z
  .object({
    status: V2Status.optional(),
    feedbackStatus: z.enum(FEEDBACK_STATUSES).optional(),
    search: z.string().trim().min(1).max(100).optional(),
    scoreGte: z.number().int().min(0).max(1000).optional(),
    scoreLte: z.number().int().min(0).max(1000).optional(),
    assignee: z
      .union([z.enum(["me", "none"]), z.uuid()])
      .optional()
      .describe("me, none or a user id"),
    sla: z.enum(["due_soon", "breached"]).optional().describe("cases waiting for their first decision in that SLA state"),
    awaitingSecondReview: z.boolean().optional().describe("true: a four-eyes proposal awaits its second review"),
    awaiting: z
      .enum(["me"])
      .optional()
      .describe("me: cases that still need the caller: no effective decision, and no pending proposal of the caller's own"),
    flag: RiskFlag.optional().describe("cases with this risk flag"),
    stuck: z
      .boolean()
      .optional()
      .describe("true: CREATED or PROCESSING, sent to be collected more than 15 minutes ago (its collection's creation), whatever its age"),
    sort: CaseSort.optional().describe("default newest"),
    namedQueue: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .optional()
      .describe("cases a routing rule sent to this named queue (docs/routing.md); a name no case was sent to finds none"),
  })
  .strict();
export type CaseFilters = z.infer<typeof CaseFilters>;

/** What the review API adds to a v2 list item. */
const reviewFields = {
  assignee: UserRef.nullable(),
  assignedAt: z.string().nullable(),
  reviewStartedAt: z.string().nullable().describe("When the case became decidable (COMPLETED or FAILED): the SLA's start"),
  slaDueAt: z.string().nullable().describe("reviewStartedAt + slaHours; null until the case is decidable"),
  slaState: SlaState.nullable(),
  flags: z.array(RiskFlag),
  awaitingSecondReview: z.boolean(),
};

/** A case of the queue: the v2 list item (either shape) plus its review fields. */
export const ReviewCase = z.union([EngineVerification.extend(reviewFields), LegacyVerification.extend(reviewFields)]);
export type ReviewCase = z.infer<typeof ReviewCase>;

export const CaseList = z.object({
  cases: z.array(ReviewCase),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().describe("Exact up to LUPA_LIST_EXACT_TOTAL matching cases, an estimate above (as on the v2 list)"),
});
export type CaseList = z.infer<typeof CaseList>;

export const Proposal = z.object({
  id: z.uuid(),
  verificationId: z.uuid(),
  status: FeedbackDecision,
  comment: z.string().nullable(),
  reasons: z.array(z.string()),
  acknowledgedFlags: z.array(RiskFlag),
  proposedBy: UserRef,
  createdAt: z.string(),
  resolution: z.enum(["confirmed", "overturned"]).nullable(),
  resolvedBy: UserRef.nullable(),
  resolvedAt: z.string().nullable(),
  resolutionComment: z.string().nullable(),
  feedbackId: z.uuid().nullable().describe("The decision a confirmation recorded"),
});
export type Proposal = z.infer<typeof Proposal>;

/** GET /cases/{id}: the review state of one case (the dossier is the v2 record's). */
/** Where one module's data came from (issue 28; lib/contract/source-labels.ts writes the label). */
export const ModuleSource = z.object({
  module: z.string(),
  dataset: z.string().describe("The dataset asked, e.g. company-profile-2.0"),
  provider: z.string().nullable().describe("receita, sandbox; null when unavailable or not answered"),
  release: z.string().nullable().describe("The public data's release (e.g. 2025-06), when the provider has releases"),
  lists: z.array(z.object({ list: z.string(), release: z.string() })).describe("Sanctions lists (CEIS, CNEP) that added to the answer"),
  partiesFrom: z.string().nullable().describe("A fan-out (ownersLawsuits): the provider whose parties it followed"),
  state: z.enum(["answered", "unavailable", "pending"]).describe("unavailable: no source configured (LUPA_SANDBOX off), never run"),
  fictitious: z.boolean().describe("Invented data (the sandbox)"),
  label: z.string().describe('pt-BR, e.g. "Receita Federal, release 2025-06" or "Sandbox: dados fictícios"'),
});
export type ModuleSource = z.infer<typeof ModuleSource>;

/** GET /api/review/v1/enrichments/{id}: what the review API adds to a v3 enrichment. */
export const EnrichmentReview = z.object({
  id: z.string(),
  sources: z.array(ModuleSource),
});
export type EnrichmentReview = z.infer<typeof EnrichmentReview>;

export const CaseReview = z.object({
  id: z.uuid(),
  status: V2Status,
  assignee: UserRef.nullable(),
  assignedAt: z.string().nullable(),
  reviewStartedAt: z.string().nullable(),
  firstDecidedAt: z.string().nullable(),
  slaDueAt: z.string().nullable(),
  slaState: SlaState.nullable(),
  flags: z.array(RiskFlag),
  awaitingSecondReview: z.boolean(),
  proposal: Proposal.nullable().describe("The pending four-eyes proposal"),
  aiSummary: z
    .object({ generatedAt: z.string().nullable(), stale: z.boolean(), staleSince: z.string().nullable() })
    .nullable()
    .describe("null when none was made"),
  fourEyesRequired: z.array(FourEyesTrigger).describe("What four-eyes applies to in this workspace now ([] when off)"),
  sources: z.array(ModuleSource).describe("Where each module's data came from, the modules left unavailable included"),
  scoring: CaseScoring.nullable().describe(
    "The rule set version that scored it, the rules that fired with the fact values that fired them, and the shadow versions' scores (null: scored before rule sets, or not scored)",
  ),
  monitoring: CaseMonitoring.describe("Continuous monitoring of the case (docs/monitoring.md)"),
  namedQueue: z
    .object({ name: z.string(), routedAt: z.string() })
    .nullable()
    .describe("The named queue a routing rule sent the case to, and when (null: none; docs/routing.md)"),
});
export type CaseReview = z.infer<typeof CaseReview>;

export const AssigneeBody = z
  .object({
    userId: z.uuid().nullable().describe("null releases the case"),
    takeOver: z.boolean().optional().describe("An analyst taking a case assigned to someone else (recorded)"),
  })
  .strict();
export type AssigneeBody = z.infer<typeof AssigneeBody>;

/** A decision as the review API takes it (bulk): the v2 feedback body plus acknowledgedFlags. */
const decisionFields = {
  status: FeedbackDecision,
  comment: z.string().trim().max(2000).optional(),
  reasons: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  acknowledgedFlags: z.array(RiskFlag).max(RISK_FLAGS.length).optional(),
};

export const BulkBody = z.discriminatedUnion("action", [
  z
    .object({
      ids: z.array(z.string().max(100)).min(1).max(100),
      action: z.literal("assign"),
      userId: z.uuid().nullable(),
      takeOver: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      ids: z.array(z.string().max(100)).min(1).max(100),
      action: z.literal("decide"),
      ...decisionFields,
    })
    .strict(),
]);
export type BulkBody = z.infer<typeof BulkBody>;

export const BulkResult = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      state: z.enum(["effective", "proposed"]).optional().describe("decide: the decision took effect, or awaits a second review"),
      error: z.object({ code: z.string(), message: z.string() }).optional(),
    }),
  ),
});
export type BulkResult = z.infer<typeof BulkResult>;

export const SecondReviewBody = z
  .object({
    confirm: z.boolean(),
    comment: z.string().trim().min(1).max(2000),
    acknowledgedFlags: z.array(RiskFlag).max(RISK_FLAGS.length).optional(),
  })
  .strict();
export type SecondReviewBody = z.infer<typeof SecondReviewBody>;

export const SecondReviewResult = z.object({ proposal: Proposal, feedback: FeedbackRecord.nullable() });
export type SecondReviewResult = z.infer<typeof SecondReviewResult>;

// --- members ----------------------------------------------------------------------------------

/** GET /members: who can be assigned cases (enabled admins and analysts of the workspace). */
export const Member = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["admin", "analyst"]),
  me: z.boolean().describe("The caller"),
  // routing (docs/routing.md; PUT /members/{userId}/routing)
  cap: z.number().int().nullable().describe("Routing: open assigned cases at most (null: no cap)"),
  awayUntil: z.string().nullable().describe("Routing: absent through this day, inclusive (YYYY-MM-DD; null: present)"),
});
export type Member = z.infer<typeof Member>;
export const MemberList = z.object({ members: z.array(Member).describe("By e-mail") });

/**
 * GET /people: everyone of the workspace who can appear as an actor, an assignee or an author
 * (disabled users too), for one display name per person: the name, the e-mail on hover (issue 28, item 9).
 */
export const Person = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: Role,
  disabled: z.boolean(),
});
export type Person = z.infer<typeof Person>;
export const PeopleList = z.object({ people: z.array(Person).describe("By name") });
export type PeopleList = z.infer<typeof PeopleList>;

// --- batches ---------------------------------------------------------------------------------

/** An item a v3 batch refused (issue 28, item 2): kept with the batch, never with its full document. */
export const BatchRefusal = z.object({
  index: z.number().int().describe("0-based position in the request"),
  document: z.string().nullable().describe("Masked; null when the item's document is not a valid CPF or CNPJ"),
  error: BatchItemError,
});
export type BatchRefusal = z.infer<typeof BatchRefusal>;

/** GET /batches/{batchId}: what a v3 batch request created and refused. */
export const BatchRecord = z.object({
  batchId: z.string(),
  profileId: z.string(),
  total: z.number().int().describe("Items in the request"),
  created: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  refused: z.array(BatchRefusal).describe("Every refused item, in request order"),
});
export type BatchRecord = z.infer<typeof BatchRecord>;

/** POST /holders/names: names[i] is the holder's name of documents[i] as its latest named case has it, or null. */
export const HolderNames = z.object({ names: z.array(z.string().nullable()) });
export type HolderNames = z.infer<typeof HolderNames>;

// --- views ------------------------------------------------------------------------------------

export const ViewBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    filters: CaseFilters,
    shared: z.boolean().default(false),
  })
  .strict();
export type ViewBody = z.input<typeof ViewBody>;

export const SavedView = z.object({
  id: z.uuid(),
  name: z.string(),
  filters: CaseFilters,
  shared: z.boolean(),
  author: UserRef,
  mine: z.boolean(),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;
export const ViewList = z.object({
  views: z.array(SavedView).describe("Oldest first"),
  nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
});

// --- settings ---------------------------------------------------------------------------------

export const DEFAULT_REASONS: Record<FeedbackDecision, string[]> = {
  APPROVED: ["Dados conferidos", "Documentação validada"],
  REPROVED: [
    "Fraude confirmada",
    "Documento divergente",
    "Lista restritiva",
    "Óbito",
    "Situação cadastral irregular",
    "Risco de crédito",
    "Dados insuficientes",
  ],
  STANDBY: ["Aguardando documento", "Em análise externa"],
  WAIVED: ["Falso positivo", "Fora do escopo"],
};

const ReasonList = z
  .array(z.string().trim().min(1).max(100))
  .max(50)
  .refine((list) => new Set(list).size === list.length, "reasons must not repeat");

export const ReviewSettings = z.object({
  slaHours: z.number().int().min(1).max(720),
  reasons: z.object({ APPROVED: ReasonList, REPROVED: ReasonList, STANDBY: ReasonList, WAIVED: ReasonList }),
  requireReason: z.array(FeedbackDecision),
  fourEyes: z.object({ enabled: z.boolean(), on: z.array(FourEyesTrigger) }),
  auditRetentionDays: z.number().int().min(30).max(36500),
  rules: z
    .object({ requireSecondPerson: z.boolean() })
    .describe("Rule sets (docs/rules.md): requireSecondPerson (default true), the admin who publishes a draft must not be its last editor"),
  monitoring: MonitoringSettings.describe(
    "Continuous monitoring: on, for approved cases, against every source by default (docs/monitoring.md)",
  ),
  mfa: z
    .object({ required: z.boolean() })
    .describe(
      "MFA obrigatório (issue 34; docs/security.md): password accounts must enrol a second factor at their next sign-in (default false)",
    ),
  routing: RoutingSettings.describe("Routing of cases to analysts as they become reviewable: off by default (docs/routing.md)"),
});
export type ReviewSettings = z.infer<typeof ReviewSettings>;

export const DEFAULT_SETTINGS: ReviewSettings = {
  slaHours: 24,
  reasons: DEFAULT_REASONS,
  requireReason: [],
  fourEyes: { enabled: false, on: ["REPROVED", "flagged_approval"] },
  auditRetentionDays: 1826,
  rules: { requireSecondPerson: true },
  monitoring: DEFAULT_MONITORING,
  mfa: { required: false },
  routing: DEFAULT_ROUTING,
};

/** PUT /settings: any subset; `reasons` and `fourEyes` may carry a subset of their own keys. */
export const SettingsUpdate = z
  .object({
    slaHours: ReviewSettings.shape.slaHours.optional(),
    reasons: z
      .object({
        APPROVED: ReasonList.optional(),
        REPROVED: ReasonList.optional(),
        STANDBY: ReasonList.optional(),
        WAIVED: ReasonList.optional(),
      })
      .strict()
      .optional(),
    requireReason: z
      .array(FeedbackDecision)
      .max(4)
      .refine((list) => new Set(list).size === list.length, "must not repeat")
      .optional(),
    fourEyes: z
      .object({
        enabled: z.boolean().optional(),
        on: z
          .array(FourEyesTrigger)
          .max(5)
          .refine((list) => new Set(list).size === list.length, "must not repeat")
          .optional(),
      })
      .strict()
      .optional(),
    auditRetentionDays: ReviewSettings.shape.auditRetentionDays.optional(),
    rules: z.object({ requireSecondPerson: z.boolean().optional() }).strict().optional(),
    monitoring: MonitoringSettingsUpdate.optional(),
    mfa: z.object({ required: z.boolean() }).strict().optional(),
    routing: RoutingSettingsUpdate.optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

// --- notes ------------------------------------------------------------------------------------

export const NoteBody = z.object({ text: z.string().trim().min(1).max(4000) }).strict();
export const HideNoteBody = z.object({ reason: z.string().trim().min(1).max(500) }).strict();

export const Note = z.object({
  id: z.uuid(),
  verificationId: z.uuid(),
  author: UserRef,
  text: z.string().nullable().describe("null when hidden (admins still read it)"),
  createdAt: z.string(),
  edited: z.boolean(),
  editedAt: z.string().nullable(),
  editableUntil: z.string().describe("The author may edit it until then (5 minutes after creation)"),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenBy: UserRef.nullable(),
  hiddenReason: z.string().nullable(),
});
export type Note = z.infer<typeof Note>;
export const NoteList = z.object({
  notes: z.array(Note).describe("Oldest first"),
  nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
});

// --- reveal -----------------------------------------------------------------------------------

export const CaseReveal = z.object({ verificationId: z.uuid(), nationalId: z.string(), formatted: z.string() });
export const EntryReveal = z.object({ entryId: z.uuid(), nationalId: z.string(), formatted: z.string() });
export const EnrichmentReveal = z.object({
  enrichmentId: z.string().describe("enr_ and 24 characters"),
  document: z.string().describe("The full document as stored (digits, or the 14 characters of a CNPJ)"),
  formatted: z.string(),
});

// --- audit ------------------------------------------------------------------------------------

export const AuditEvent = z.object({
  id: z.string().describe("Increasing within the table"),
  type: AuditEventType,
  actor: UserRef.nullable().describe("null: the service itself (a completion, the purge)"),
  caseId: z.uuid().nullable(),
  entryId: z.uuid().nullable(),
  requestId: z.string().nullable().describe("The server's id of the request that recorded it"),
  clientRequestId: z.string().nullable().describe("The x-request-id its client sent, when one was accepted (never the server's)"),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()).describe("What changed: ids, statuses, masked documents; never a full document"),
});
export type AuditEvent = z.infer<typeof AuditEvent>;
export const AuditEventList = z.object({
  events: z.array(AuditEvent).describe("Newest first"),
  nextCursor: z.string().nullable(),
});
export type AuditEventList = z.infer<typeof AuditEventList>;

// --- stats ------------------------------------------------------------------------------------

export const ReviewStats = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  waiting: z.object({
    total: z.number().int(),
    byAge: z.object({
      under4h: z.number().int(),
      from4hTo24h: z.number().int(),
      from1dTo3d: z.number().int(),
      over3d: z.number().int(),
    }),
  }),
  slaBreached: z.number().int().describe("Waiting cases past their SLA now"),
  awaitingSecondReview: z.number().int(),
  stuck: z
    .number()
    .int()
    .describe("CREATED or PROCESSING, sent to be collected more than 15 minutes ago (its collection's creation), whatever the age"),
  decisions: z.number().int().describe("First decisions recorded in [from, to)"),
  medianDecisionSeconds: z.number().nullable().describe("Median of (first decision - reviewStartedAt) over those"),
  decisionsByAnalyst: z
    .array(z.object({ user: UserRef, decisions: z.number().int() }))
    .nullable()
    .describe("Admins only (null for other roles): decisions recorded in [from, to) per author"),
});
export type ReviewStats = z.infer<typeof ReviewStats>;

// --- usage ------------------------------------------------------------------------------------

/** Most days one usage request covers (the console's /usage period). */
export const USAGE_MAX_DAYS = 31;
export const UsageDaily = z.object({
  from: z.string().describe("First day (YYYY-MM-DD, São Paulo)"),
  to: z.string().describe("Last day, inclusive (YYYY-MM-DD, São Paulo)"),
  timeZone: z.literal("America/Sao_Paulo"),
  actions: z.array(z.string()).describe("Billed actions with at least one entry in the period, sorted"),
  days: z
    .array(z.object({ day: z.string(), counts: z.record(z.string(), z.number().int()), total: z.number().int() }))
    .describe("Every day of the period, in order, zero days included"),
  totals: z.record(z.string(), z.number().int()).describe("Entries per action over the period"),
  total: z.number().int(),
});
export type UsageDaily = z.infer<typeof UsageDaily>;
