// The database schema. Every table that holds workspace data has `workspace_id`, and every query
// in server/ filters by it (another workspace's object is not found, exactly like a missing one).
// Migrations are SQL files in server/db/migrations/ (listed in meta/_journal.json), kept in step
// with this file and applied at start.
import { folded } from "./search-fold";
import type { AnswerSource } from "../datasets/types";
import type { BatchRefusal } from "../../lib/contract/review";
import type { FactValue, RuleDef, Thresholds } from "../../lib/contract/rules";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const workspaces = pgTable("workspaces", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  /** Hex of 32 random bytes; signs this workspace's callbacks (GET /api/v3/callback-secret). */
  callbackSecret: text("callback_secret").notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    passwordHash: text("password_hash").notNull(),
    disabled: boolean("disabled").notNull().default(false),
    /** Bumped on password change or disable: every refresh token issued before stops working. */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/**
 * Sign-in attempts counted per key (server/auth/login-throttle.ts): `pair:<email> <address>`,
 * `addr:<address>` and `email:<email>`. An attempt is reserved (counted) before the password is
 * hashed; a successful sign-in gives it back.
 */
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  firstFailureAt: ts("first_failure_at").notNull(),
  lockedUntil: ts("locked_until"),
});

/**
 * One sign-in: the family of every token pair refreshed from it. It ends at `expires_at` (absolute
 * lifetime, LUPA_SESSION_SECONDS) or when revoked (sign-out, password reset, user disabled).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    /** The last proof of identity in this session: sign-in, its second step or a step-up (migration 0081). */
    authenticatedAt: ts("authenticated_at").notNull().defaultNow(),
    /** none, pending, enrolment, totp or recovery_code (server/auth/mfa; migration 0081). */
    secondFactor: text("second_factor").notNull().default("none"),
    /** Sign-in and each refresh (migration 0085; server/apikeys/sessions.ts): never per request. */
    lastSeenAt: ts("last_seen_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    product: text("product").notNull(),
    actions: jsonb("actions").$type<string[]>().notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("contracts_workspace_idx").on(t.workspaceId)],
);

export interface ProfileModuleConfig {
  dataset: string;
  /** Add-on modules run only when requested in options.modules and bill their own action. */
  addon?: boolean;
  billingAction?: string;
  /** v2 engine: module is on unless the request disables it. */
  enabled?: boolean;
  aiSummary?: boolean;
}

export interface ScoringRule {
  rule: string;
  module: string;
  weight: number;
}

export const profiles = pgTable(
  "profiles",
  {
    id: text("id").primaryKey(),
    /** null: a global profile, offered to every workspace. */
    workspaceId: uuid("workspace_id").references(() => workspaces.id),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    entity: text("entity").notNull(),
    modules: jsonb("modules").$type<Record<string, ProfileModuleConfig>>().notNull(),
    /** null: not yet a priced product (422 profile_not_billable). */
    billingAction: text("billing_action"),
    rules: jsonb("rules")
      .$type<ScoringRule[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("profiles_workspace_idx").on(t.workspaceId)],
);

/**
 * One collection of a plan of modules for one document: the engine's unit of work, shared by
 * v2 verifications and v3 enrichments. Its id is the owner's id.
 */
export const collections = pgTable(
  "collections",
  {
    id: text("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    owner: text("owner").notNull(),
    entity: text("entity").notNull(),
    document: text("document").notNull(),
    lane: text("lane").notNull(),
    status: text("status").notNull(),
    outcome: text("outcome"),
    recoveryRound: integer("recovery_round").notNull().default(0),
    nextRetryAt: ts("next_retry_at"),
    deadlineAt: ts("deadline_at"),
    failureReason: text("failure_reason"),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    /** The key of the lease owner's liveness lock (server/engine/liveness.ts); null on the embedded database. */
    leaseKey: integer("lease_key"),
    /** When the engine should next look at it: a new round, a deadline, or now. */
    wakeAt: ts("wake_at"),
    /** When a job was last sent for it; the sweeper re-sends jobs that were lost. */
    enqueuedAt: ts("enqueued_at"),
    /** false: v2 `verifications.force`, every module asks its provider (the dataset cache is not read). */
    useCache: boolean("use_cache").notNull().default(true),
    /**
     * v3: the creation request stopped waiting (202) and the enrichment has a callback, so its
     * terminal state writes a callback delivery. Kept on this row (0008) so the terminal statement
     * reads it under the row's lock; false lets that terminal be one statement.
     */
    callbackArmed: boolean("callback_armed").notNull().default(false),
    /** Planned modules no source answers (LUPA_SANDBOX off), left out of the run (migration 0018). */
    unavailableModules: jsonb("unavailable_modules").$type<{ module: string; dataset: string }[]>(),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("collections_pending_idx")
      .on(t.wakeAt)
      .where(sql`status in ('CREATED', 'FETCHING')`),
    index("collections_leased_idx")
      .on(t.leaseKey)
      .where(sql`lease_owner is not null and status in ('CREATED', 'FETCHING')`),
  ],
);

export const moduleRuns = pgTable(
  "module_runs",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id),
    module: text("module").notNull(),
    dataset: text("dataset").notNull(),
    addon: boolean("addon").notNull().default(false),
    status: text("status").notNull(),
    /** Attempts in the current round. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    data: jsonb("data").$type<Record<string, unknown>>(),
    lastError: text("last_error"),
    /** The last failure was permanent (not retried, fails the collection). */
    permanent: boolean("permanent").notNull().default(false),
    /** Set when the data came from the dataset cache: when the provider gave it (migration 0007). */
    cachedAt: ts("cached_at"),
    /** Where the answer came from (server/datasets/types.ts AnswerSource; migration 0018). */
    source: jsonb("source").$type<AnswerSource>(),
    completedAt: ts("completed_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.module] })],
);

/**
 * The dataset cache (server/datasets/cache.ts, migration 0007): a module's answer for one document,
 * per workspace. `found` false is a not-found answer (no data).
 */
export const datasetCache = pgTable(
  "dataset_cache",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    document: text("document").notNull(),
    dataset: text("dataset").notNull(),
    found: boolean("found").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>(),
    fetchedAt: ts("fetched_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    source: jsonb("source").$type<AnswerSource>(),
  },
  (t) => [
    primaryKey({ name: "dataset_cache_pk", columns: [t.workspaceId, t.document, t.dataset] }),
    index("dataset_cache_expires_idx").on(t.expiresAt),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    userId: uuid("user_id").notNull(),
    profileId: text("profile_id"),
    nationalId: text("national_id").notNull(),
    entity: text("entity").notNull(),
    name: text("name"),
    /** The name folded (lower case, no accents; server/db/search-fold.ts), kept by PostgreSQL (migrations 0009, 0013): what the list's `search` matches with LIKE. */
    searchName: text("search_name").generatedAlwaysAs(folded(sql`"name"`)),
    status: text("status").notNull(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    input: jsonb("input").$type<{ attribute: string; value: string }[]>(),
    result: jsonb("result").$type<Record<string, unknown>>(),
    dossier: jsonb("dossier").$type<Record<string, unknown>>(),
    callback: jsonb("callback").$type<Record<string, unknown>>(),
    failureReason: text("failure_reason"),
    score: integer("score"),
    /** The latest feedback's status (null: none yet), written with the feedback (server/v2/feedback). */
    feedbackStatus: text("feedback_status"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    // --- review (migration 0012; server/review) ---
    /** When the case became decidable (COMPLETED or FAILED): the SLA runs from here. */
    reviewStartedAt: ts("review_started_at"),
    /** Its first effective decision: the SLA ends here. */
    firstDecidedAt: ts("first_decided_at"),
    assigneeId: uuid("assignee_id"),
    assignedAt: ts("assigned_at"),
    /** Risk flags (server/review/flags.ts): computed at completion, restrictive_list again when the list changes. */
    riskFlags: text("risk_flags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A four-eyes proposal awaiting its second review (decision_proposals). */
    pendingProposalId: uuid("pending_proposal_id"),
  },
  (t) => [
    // 0012 (review queues): the SQL of the partial indexes is in the migration
    index("verifications_ws_assignee_idx").on(t.workspaceId, t.assigneeId, t.createdAt),
    // 0009: the SQL adds INCLUDE (search_name, national_id), for a search within a decision
    index("verifications_ws_feedback_idx").on(t.workspaceId, t.feedbackStatus, t.createdAt),
    // 0001_v2_review adds trigram (pg_trgm) indexes for the list's search on national_id and (0009) search_name
    // 0006: a status filter reads its rows newest first; 0009: the SQL adds INCLUDE (score, search_name, national_id)
    index("verifications_ws_status_created_idx").on(t.workspaceId, t.status, t.createdAt),
    index("verifications_ws_national_idx").on(t.workspaceId, t.nationalId),
    // 0004: covering index of the overview's counts; the SQL adds INCLUDE (status, score), which drizzle cannot express
    index("verifications_ws_created_stats_idx").on(t.workspaceId, t.createdAt),
  ],
);

// --- vision (v2 faceRecognition and cnh images; migration 0005) ---
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** Images of a verification (kind `cnh` or `face`), kept only until the verification is terminal. */
export const verificationImages = pgTable(
  "verification_images",
  {
    verificationId: uuid("verification_id")
      .notNull()
      .references(() => verifications.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id").notNull(),
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.verificationId, t.kind] })],
);
// --- end vision ---

export const enrichments = pgTable(
  "enrichments",
  {
    id: text("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    userId: uuid("user_id").notNull(),
    profileId: text("profile_id").notNull(),
    profileName: text("profile_name").notNull(),
    profileKind: text("profile_kind").notNull(),
    entity: text("entity").notNull(),
    document: text("document").notNull(),
    lane: text("lane").notNull(),
    batchId: text("batch_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull(),
    deadline: text("deadline"),
    callback: jsonb("callback").$type<{ url: string; headers: Record<string, string> }>(),
    createdAt: createdAt(),
  },
  (t) => [
    // 0006: the v3 list's order, created_at at ms precision in UTC (server/v3/enrichments/queries.ts)
    index("enrichments_ws_created_ms_idx").on(t.workspaceId, sql`date_trunc('milliseconds', ${t.createdAt} AT TIME ZONE 'UTC')`, t.id),
    index("enrichments_ws_document_idx").on(
      t.workspaceId,
      t.document,
      sql`date_trunc('milliseconds', ${t.createdAt} AT TIME ZONE 'UTC')`,
      t.id,
    ),
    index("enrichments_ws_profile_idx").on(
      t.workspaceId,
      t.profileId,
      sql`date_trunc('milliseconds', ${t.createdAt} AT TIME ZONE 'UTC')`,
      t.id,
    ),
    index("enrichments_ws_batch_idx").on(t.workspaceId, t.batchId),
  ],
);

/**
 * The v3 resource's JSON text of a terminal enrichment, stored when its collection ended (by the
 * trigger of migration 0016, which writes it with the SQL function `enrichment_json`): what
 * GET /api/v3/enrichments/{id} without `include` answers, `metadata` written between `head` and
 * `tail` by the reader (server/v3/enrichments/queries.ts, readResourceJson).
 */
export const enrichmentBodies = pgTable("enrichment_bodies", {
  id: text("id")
    .primaryKey()
    .references(() => enrichments.id, { onDelete: "cascade" }),
  workspaceId: uuid("workspace_id").notNull(),
  status: text("status").notNull(),
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull(),
  head: text("head").notNull(),
  tail: text("tail").notNull(),
});

export const batches = pgTable("batches", {
  id: text("id").primaryKey(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id),
  profileId: text("profile_id").notNull(),
  total: integer("total").notNull(),
  created: integer("created").notNull(),
  failed: integer("failed").notNull(),
  /** Each refused item: its index in the request, the document masked, the error (migration 0022). */
  refused: jsonb("refused")
    .$type<BatchRefusal[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

/** Idempotency-Key records: never expire (spec 8). `scope` is the route ("enrichment", "batch"). */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    resourceId: text("resource_id").notNull(),
    response: jsonb("response").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.scope, t.key] })],
);

export const billingEntries = pgTable(
  "billing_entries",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    enrichmentId: text("enrichment_id").notNull(),
    action: text("action").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("billing_entries_once_key").on(t.enrichmentId, t.action),
    index("billing_entries_ws_idx").on(t.workspaceId, t.createdAt),
  ],
);

export const callbackDeliveries = pgTable(
  "callback_deliveries",
  {
    id: text("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    ownerId: text("owner_id").notNull(),
    url: text("url").notNull(),
    method: text("method").notNull().default("POST"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    body: text("body").notNull(),
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: ts("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [index("callback_deliveries_owner_idx").on(t.ownerId), index("callback_deliveries_due_idx").on(t.status, t.nextAttemptAt)],
);

export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Approval feedback on a v2 verification; the latest one is the verification's decision. */
export const verificationFeedbacks = pgTable(
  "verification_feedbacks",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    verificationId: uuid("verification_id")
      .notNull()
      .references(() => verifications.id),
    status: text("status").notNull(),
    comment: text("comment"),
    reasons: jsonb("reasons")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    userId: uuid("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_feedbacks_verification_idx").on(t.verificationId, t.createdAt),
    // 0004: latest decision per verification and decisions per day, for the overview
    index("verification_feedbacks_ws_verification_idx").on(t.workspaceId, t.verificationId, t.createdAt),
    index("verification_feedbacks_ws_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** The workspace's restrictive list (v2 blacklist): one entry per normalized document. */
export const blacklistEntries = pgTable(
  "blacklist_entries",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    nationalId: text("national_id").notNull(),
    entity: text("entity").notNull(),
    name: text("name"),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").notNull(),
    createdAt: createdAt(),
    /** null: never expires. An expired entry no longer counts. */
    expiresAt: ts("expires_at"),
  },
  (t) => [
    uniqueIndex("blacklist_entries_ws_national_key").on(t.workspaceId, t.nationalId),
    index("blacklist_entries_ws_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** Every change of the restrictive list: who (user), when, what (action, document) and why (reason). */
export const blacklistAudit = pgTable(
  "blacklist_audit",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    /** added, replaced (an expired entry listed again), removed */
    action: text("action").notNull(),
    /** api or import */
    source: text("source").notNull(),
    nationalId: text("national_id").notNull(),
    entryId: uuid("entry_id"),
    name: text("name"),
    reason: text("reason"),
    expiresAt: ts("expires_at"),
    userId: uuid("user_id").notNull(),
    userEmail: text("user_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blacklist_audit_ws_created_idx").on(t.workspaceId, t.createdAt)],
);

/**
 * The lawsuit network of an enrichment (GET /api/v3/enrichments/{id}/modules/lawsuits/network):
 * computed on the first request from the related module's data and stored, so later requests and
 * the node route answer the same nodes. `nodes.nodes` is keyed by the document as the related
 * module shows it (`nodes.order`: the module's order, which jsonb does not keep); each node's `ref`
 * is the opaque reference used by the node route.
 */
export const lawsuitNetworks = pgTable("lawsuit_networks", {
  enrichmentId: text("enrichment_id").primaryKey(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id),
  nodes: jsonb("nodes").$type<{ order: string[]; nodes: Record<string, Record<string, unknown>> }>().notNull(),
  /** Each node's lawsuits answer with the complete list, by ref (the node route reads it: no provider call). */
  nodeData: jsonb("node_data")
    .$type<Record<string, Record<string, unknown>>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

/**
 * The AI summary of a v2 verification (GET /api/v2/verifications/{id}/ai-summary). A row with a
 * null `summary` is a summary being made as the verification completes (status ANALYZING): the
 * sweeper finishes it if its process died. Once written, a summary never changes.
 */
export const verificationSummaries = pgTable(
  "verification_summaries",
  {
    verificationId: uuid("verification_id")
      .primaryKey()
      .references(() => verifications.id),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    summary: jsonb("summary").$type<Record<string, unknown>>(),
    requestedAt: ts("requested_at").notNull().defaultNow(),
    generatedAt: ts("generated_at"),
    /** Set when the restrictive list changed for the verification's document after it was made (0012). */
    staleAt: ts("stale_at"),
  },
  (t) => [
    index("verification_summaries_pending_idx")
      .on(t.requestedAt)
      .where(sql`summary is null`),
  ],
);

// --- review (issues 18 and 19; migration 0012; server/review) ---

/** A workspace's review settings (SLA, reason catalog, four-eyes, audit retention); defaults when absent. */
export const reviewSettings = pgTable("review_settings", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
  updatedBy: uuid("updated_by"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Saved views of the queue: a name and the list's filters, private or shared with the workspace. */
export const reviewViews = pgTable(
  "review_views",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    authorId: uuid("author_id").notNull(),
    name: text("name").notNull(),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull(),
    shared: boolean("shared").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_views_ws_page_idx").on(t.workspaceId, t.createdAt, t.id),
    index("review_views_ws_author_idx").on(t.workspaceId, t.authorId),
  ],
);

/** Notes on a case: never deleted; editable by the author for 5 minutes; an admin may hide one. */
export const caseNotes = pgTable(
  "case_notes",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    verificationId: uuid("verification_id")
      .notNull()
      .references(() => verifications.id),
    authorId: uuid("author_id").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    editedAt: ts("edited_at"),
    hiddenAt: ts("hidden_at"),
    hiddenBy: uuid("hidden_by"),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [index("case_notes_ws_verification_page_idx").on(t.workspaceId, t.verificationId, t.createdAt, t.id)],
);

/** Four-eyes: a decision recorded as proposed, confirmed or overturned by a second reviewer. */
export const decisionProposals = pgTable(
  "decision_proposals",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    verificationId: uuid("verification_id")
      .notNull()
      .references(() => verifications.id),
    status: text("status").notNull(),
    comment: text("comment"),
    reasons: jsonb("reasons")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    acknowledgedFlags: text("acknowledged_flags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    proposedBy: uuid("proposed_by").notNull(),
    createdAt: createdAt(),
    /** null while pending; confirmed or overturned. */
    resolution: text("resolution"),
    resolvedBy: uuid("resolved_by"),
    resolvedAt: ts("resolved_at"),
    resolutionComment: text("resolution_comment"),
    /** The feedback a confirmation wrote. */
    feedbackId: uuid("feedback_id"),
  },
  (t) => [index("decision_proposals_ws_verification_idx").on(t.workspaceId, t.verificationId, t.createdAt)],
);

/**
 * The audit trail (append-only: triggers refuse UPDATE, TRUNCATE and a DELETE the purge function
 * did not permit; migrations 0012, 0020). Never a full document: masked, or the entity's id.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid("workspace_id").notNull(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    type: text("type").notNull(),
    caseId: uuid("case_id"),
    entryId: uuid("entry_id"),
    /** The server's id of the request (never the client's). */
    requestId: text("request_id"),
    /** The client's x-request-id, when it was an acceptable token (server/http/request-id.ts). */
    clientRequestId: text("client_request_id"),
    createdAt: createdAt(),
    data: jsonb("data")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index("audit_events_ws_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("audit_events_ws_type_idx").on(t.workspaceId, t.type, t.createdAt, t.id),
    index("audit_events_ws_actor_idx").on(t.workspaceId, t.actorId, t.createdAt, t.id),
    // the case index is partial (case_id is not null): in the migration's SQL
  ],
);

// --- rules (issue 31; migration 0040; server/rules/) ---

/** A version of a workspace's rule set for one scoring profile (docs/rules.md, "Lifecycle"). */
export const rulesets = pgTable(
  "rulesets",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    profileId: text("profile_id").notNull(),
    version: integer("version").notNull(),
    /** draft (editable) or published (immutable). */
    state: text("state").notNull(),
    rules: jsonb("rules").$type<RuleDef[]>().notNull(),
    thresholds: jsonb("thresholds").$type<Thresholds>().notNull(),
    active: boolean("active").notNull().default(false),
    shadow: boolean("shadow").notNull().default(false),
    basedOn: uuid("based_on"),
    /** null: the service (version 1). */
    createdBy: uuid("created_by"),
    /** The draft's last editor: with rules.requireSecondPerson, not its publisher. */
    updatedBy: uuid("updated_by"),
    publishedBy: uuid("published_by"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    publishedAt: ts("published_at"),
    activatedAt: ts("activated_at"),
  },
  (t) => [
    uniqueIndex("rulesets_ws_profile_version_idx").on(t.workspaceId, t.profileId, t.version),
    // one active version per profile: a partial unique index (WHERE active), in the migration's SQL
  ],
);

/** The facts of a completed verification, extracted once (server/rules/facts.ts). */
export const verificationFacts = pgTable(
  "verification_facts",
  {
    verificationId: uuid("verification_id").primaryKey(),
    workspaceId: uuid("workspace_id").notNull(),
    entity: text("entity").notNull(),
    profileId: text("profile_id"),
    extractorVersion: integer("extractor_version").notNull(),
    facts: jsonb("facts").$type<Record<string, FactValue>>().notNull(),
    verificationCreatedAt: ts("verification_created_at").notNull(),
    extractedAt: ts("extracted_at").notNull().defaultNow(),
  },
  // 0041: verification_id joined the index, for the backtest's keyset pages
  (t) => [index("verification_facts_ws_profile_created_id_idx").on(t.workspaceId, t.profileId, t.verificationCreatedAt, t.verificationId)],
);

/** Which version scored a verification, what fired and why, and the shadow versions' scores. */
export const verificationScorings = pgTable("verification_scorings", {
  verificationId: uuid("verification_id").primaryKey(),
  workspaceId: uuid("workspace_id").notNull(),
  rulesetId: uuid("ruleset_id").notNull(),
  version: integer("version").notNull(),
  score: integer("score").notNull(),
  recommendation: text("recommendation").notNull(),
  fired: jsonb("fired")
    .$type<{ code: string; title: string; weight: number; module?: string; facts: Record<string, FactValue> }[]>()
    .notNull(),
  shadow: jsonb("shadow")
    .$type<{ rulesetId: string; version: number; score: number; recommendation: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

// --- monitoring (issue 32; migration 0050; server/monitoring) ---

/** A case's own monitoring state: the override of the workspace's scope (null: the scope decides) and its last comparison. */
export const monitoringCases = pgTable(
  "monitoring_cases",
  {
    verificationId: uuid("verification_id")
      .primaryKey()
      .references(() => verifications.id),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    enabled: boolean("enabled"),
    since: ts("since"),
    lastCheckedAt: ts("last_checked_at"),
    checkedSanctions: text("checked_sanctions"),
    checkedRegistry: text("checked_registry"),
    /** Why the last run of a source could not compare it (migration 0051): {registry: {release, reason}}. */
    unchecked: jsonb("unchecked").$type<Partial<Record<"sanctions" | "registry", { release: string; reason: string }>>>(),
    updatedBy: uuid("updated_by"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("monitoring_cases_ws_idx").on(t.workspaceId)],
);

/** One alert per change: the unique key (workspace, document, kind, value after, release) keeps duplicates out. */
export const monitoringAlerts = pgTable(
  "monitoring_alerts",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    verificationId: uuid("verification_id")
      .notNull()
      .references(() => verifications.id),
    nationalId: text("national_id").notNull(),
    source: text("source").notNull(),
    kind: text("kind").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    afterKey: text("after_key").notNull(),
    release: text("release").notNull().default(""),
    confidence: text("confidence").notNull().default("exact"),
    detectedAt: ts("detected_at").notNull().defaultNow(),
    state: text("state").notNull().default("open"),
    assigneeId: uuid("assignee_id"),
    assignedAt: ts("assigned_at"),
    resolvedBy: uuid("resolved_by"),
    resolvedAt: ts("resolved_at"),
    resolutionComment: text("resolution_comment"),
  },
  (t) => [
    uniqueIndex("monitoring_alerts_change_key").on(t.workspaceId, t.nationalId, t.kind, t.afterKey, t.release),
    index("monitoring_alerts_ws_detected_idx").on(t.workspaceId, t.detectedAt, t.id),
    index("monitoring_alerts_ws_case_idx").on(t.workspaceId, t.verificationId),
  ],
);

/** A dismissed change (document, kind, value after): it never alerts again. */
export const monitoringDismissals = pgTable(
  "monitoring_dismissals",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    nationalId: text("national_id").notNull(),
    kind: text("kind").notNull(),
    afterKey: text("after_key").notNull(),
    alertId: uuid("alert_id").notNull(),
    dismissedAt: ts("dismissed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.nationalId, t.kind, t.afterKey] })],
);

/**
 * A backtest of a candidate version against a baseline (migration 0041; server/rules/backtest.ts):
 * the versions as they were when it was asked for, its state, and its result once done.
 */
export const backtests = pgTable(
  "backtests",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    profileId: text("profile_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    baselineId: uuid("baseline_id").notNull(),
    candidate: jsonb("candidate").$type<BacktestVersion>().notNull(),
    baseline: jsonb("baseline").$type<BacktestVersion>().notNull(),
    from: ts("from"),
    to: ts("to"),
    /** queued, running, done or failed. */
    state: text("state").notNull(),
    progress: doublePrecision("progress").notNull().default(0),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("backtests_ws_candidate_idx").on(t.workspaceId, t.candidateId, t.createdAt)],
);

/** A version as a backtest ran it. */
export interface BacktestVersion {
  version: number;
  state: string;
  rules: RuleDef[];
  thresholds: Thresholds;
}

// ---------------------------------------------------------------------------------------------
// Login único (SSO) by OpenID Connect, per workspace (migration 0080; server/sso).

/** sso_configs.require_mfa: the ID token passes when its amr holds one of amr, or its acr is one of acr. */
export interface SsoMfaRequirement {
  amr: string[];
  acr: string[];
}

/** One group of the identity provider and the Lupa role it gives. */
export interface SsoRoleRule {
  group: string;
  role: "admin" | "analyst" | "viewer";
}

/** A workspace's OpenID Connect settings; the client secret only encrypted (server/sso/secret-box.ts). */
export const ssoConfigs = pgTable("sso_configs", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id),
  enabled: boolean("enabled").notNull().default(true),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretEnc: text("client_secret_enc").notNull(),
  groupsClaim: text("groups_claim").notNull().default("groups"),
  roleMapping: jsonb("role_mapping").$type<SsoRoleRule[]>().notNull().default([]),
  passwordAllowed: boolean("password_allowed").notNull().default(true),
  /** The MFA the ID token must show (migration 0096, server/sso/mfa-claims.ts); null: the provider alone decides. */
  requireMfa: jsonb("require_mfa").$type<SsoMfaRequirement | null>(),
  updatedBy: uuid("updated_by"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  createdAt: createdAt(),
});

/** An e-mail domain signs in through at most one workspace's provider. */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    domain: text("domain").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
  },
  (t) => [index("sso_domains_ws_idx").on(t.workspaceId)],
);

/** A sign-in under way (state, PKCE verifier, nonce), used once within its lifetime. */
export const ssoLogins = pgTable(
  "sso_logins",
  {
    stateHash: text("state_hash").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [index("sso_logins_expires_idx").on(t.expiresAt)],
);

/** The provider's subject (issuer, sub) bound to one user at the first sign-in. */
export const ssoIdentities = pgTable(
  "sso_identities",
  {
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSignInAt: ts("last_sign_in_at"),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), uniqueIndex("sso_identities_user_key").on(t.userId)],
);
// --- api keys (issue 34 item 4; migration 0085; server/apikeys) ---

/**
 * An integration's API key. The secret is shown once and never stored: `secretHash` is its
 * SHA-256, `prefix` its first characters. Use is counted in batches (server/apikeys/guard.ts).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    name: text("name").notNull(),
    role: text("role").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdBy: uuid("created_by").notNull(),
    createdByEmail: text("created_by_email"),
    createdAt: createdAt(),
    expiresAt: ts("expires_at"),
    revokedAt: ts("revoked_at"),
    revokedBy: uuid("revoked_by"),
    firstUsedAt: ts("first_used_at"),
    lastUsedAt: ts("last_used_at"),
    useCount: bigint("use_count", { mode: "number" }).notNull().default(0),
  },
  (t) => [uniqueIndex("api_keys_secret_hash_key").on(t.secretHash), index("api_keys_ws_created_idx").on(t.workspaceId, t.createdAt)],
);
// --- end api keys ---

// --- monitoring runs (issue 32; migration 0051; server/monitoring/runs.ts) ---

/** One comparison of a workspace's watched documents with one release of a source; resumable from its committed ranges (monitoring_run_ranges). */
export const monitoringRuns = pgTable(
  "monitoring_runs",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    /** sanctions or registry. */
    source: text("source").notNull(),
    release: text("release").notNull(),
    /** queued, running, done or failed. */
    state: text("state").notNull().default("queued"),
    watched: integer("watched").notNull().default(0),
    checked: integer("checked").notNull().default(0),
    unchecked: integer("unchecked").notNull().default(0),
    uncheckedReasons: jsonb("unchecked_reasons").$type<Record<string, number>>().notNull().default({}),
    alerts: integer("alerts").notNull().default(0),
    /** The last document whose batch committed (before migration 0097; now monitoring_run_ranges, read once on resume). */
    checkpoint: text("checkpoint"),
    /** The process running it now (migration 0097): a batch commits only while its runner holds the run. */
    runner: uuid("runner"),
    error: text("error"),
    startedAt: ts("started_at").notNull().defaultNow(),
    endedAt: ts("ended_at"),
  },
  (t) => [
    uniqueIndex("monitoring_runs_release_key").on(t.workspaceId, t.source, t.release),
    index("monitoring_runs_ws_started_idx").on(t.workspaceId, t.startedAt),
  ],
);

/** A watched document's normalized facts per source, as last compared (the baseline of the next run). */
export const monitoringSnapshots = pgTable(
  "monitoring_snapshots",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    source: text("source").notNull(),
    nationalId: text("national_id").notNull(),
    release: text("release").notNull(),
    facts: jsonb("facts").$type<unknown>().notNull(),
    takenAt: ts("taken_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.source, t.nationalId] })],
);

// --- the investigation graph (issue 33; migration 0070; server/graph) ---

/** A graph saved on a case ("Salvar no caso"): nodes, edges, positions and the releases read. */
export const graphSnapshots = pgTable(
  "graph_snapshots",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    verificationId: uuid("verification_id")
      .notNull()
      .references(() => verifications.id),
    title: text("title").notNull(),
    nodes: jsonb("nodes").$type<unknown[]>().notNull(),
    edges: jsonb("edges").$type<unknown[]>().notNull(),
    positions: jsonb("positions").$type<Record<string, { x: number; y: number }>>().notNull(),
    releases: text("releases")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nodeCount: integer("node_count").notNull(),
    edgeCount: integer("edge_count").notNull(),
    bytes: integer("bytes").notNull(),
    createdBy: uuid("created_by").notNull(),
    createdByEmail: text("created_by_email"),
    createdAt: createdAt(),
  },
  (t) => [index("graph_snapshots_ws_case_idx").on(t.workspaceId, t.verificationId, t.createdAt)],
);

/** The parties of each lawsuit the graph has read (by its number), to expand a lawsuit node later. */
export const graphLawsuits = pgTable(
  "graph_lawsuits",
  {
    number: text("number").primaryKey(),
    dataset: text("dataset").notNull(),
    item: jsonb("item").$type<Record<string, unknown>>().notNull(),
    /** The node ids of its parties (server/graph/lawsuits.ts partyNodeId). */
    partyIds: text("party_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [index("graph_lawsuits_parties_idx").using("gin", t.partyIds)],
);

// --- webhooks (issue 35; migration 0090; server/webhooks, docs/webhooks.md) ------------------

/** A workspace's webhook receiver. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: ts("previous_secret_until"),
    /** active or paused. */
    state: text("state").notNull().default("active"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    pausedAt: ts("paused_at"),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_ws_idx").on(t.workspaceId, t.createdAt)],
);

/** The outbox: one event per act, written in the act's transaction. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    type: text("type").notNull(),
    orderKey: text("order_key"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("webhook_events_ws_created_idx").on(t.workspaceId, t.createdAt)],
);

/** One event to one endpoint; pending, delivered or failed. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    seq: bigint("seq", { mode: "number" }).notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id),
    orderKey: text("order_key"),
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    deliveredAt: ts("delivered_at"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index("webhook_deliveries_pending_seq_idx")
      .on(t.seq)
      .where(sql`state = 'pending'`),
    index("webhook_deliveries_order_idx")
      .on(t.endpointId, t.orderKey, t.seq)
      .where(sql`state = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

/** Each attempt of a delivery, with the first 1 KB of the answer. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "date" })
      .notNull()
      .default(sql`clock_timestamp()`),
    status: integer("status"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull().default(0),
    response: text("response"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);

// --- second factor (issue 34, items 2 and 3; migration 0081; server/auth/mfa) ---

/** A user's TOTP factor: the secret encrypted (AES-256-GCM); it counts once confirmed_at is set. */
export const userFactors = pgTable(
  "user_factors",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    kind: text("kind").notNull().default("totp"),
    secret: text("secret").notNull(),
    confirmedAt: ts("confirmed_at"),
    /** The time step of the last code accepted: a code is never accepted twice. */
    lastStep: bigint("last_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("user_factors_ws_idx").on(t.workspaceId)],
);

/** Single-use recovery codes, kept as HMAC-SHA-256 digests. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);

// --- routing (migration 0095; server/routing, docs/routing.md) --------------------------------

/** An analyst's cap of open assigned cases (null: none) and "ausente até" (a São Paulo calendar day, inclusive). */
export const memberRouting = pgTable(
  "member_routing",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    cap: integer("cap"),
    awayUntil: date("away_until", { mode: "string" }),
    updatedBy: uuid("updated_by"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("member_routing_ws_idx").on(t.workspaceId)],
);

/** round_robin's position per rule: who got the rule's last case. */
export const routingCursors = pgTable(
  "routing_cursors",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    ruleId: text("rule_id").notNull(),
    lastUserId: uuid("last_user_id").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "routing_cursors_pk", columns: [t.workspaceId, t.ruleId] })],
);

/** The named queue a routing rule sent a case to (the case stays unassigned). */
export const caseQueues = pgTable(
  "case_queues",
  {
    verificationId: uuid("verification_id")
      .primaryKey()
      .references(() => verifications.id),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    queue: text("queue").notNull(),
    ruleId: text("rule_id").notNull(),
    routedAt: ts("routed_at").notNull().defaultNow(),
  },
  (t) => [index("case_queues_ws_queue_idx").on(t.workspaceId, t.queue)],
);

// --- monitoring at scale (issue 32 remainder; migration 0097; server/monitoring/runs.ts) ---

/** A batch of a run that committed: the documents (afterId, lastId] in national_id order. A run resumes by the gaps between them. */
export const monitoringRunRanges = pgTable(
  "monitoring_run_ranges",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => monitoringRuns.id, { onDelete: "cascade" }),
    afterId: text("after_id").notNull(),
    lastId: text("last_id").notNull(),
    committedAt: ts("committed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.afterId] })],
);
// Migration 0097 also adds monitoring_runs.runner (above) and the partial index
// monitoring_alerts_ws_open_idx (workspace_id) where state = 'open', behind GET /monitoring/alerts/count.
// --- end monitoring at scale ---
