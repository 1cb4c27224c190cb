// The v3 resources (spec 2.5): enrichment (list summary and full resource), module entry and
// module data, profile, batch answer, lawsuit network and node, usage, callback secret.
import { z } from "zod";
import { Entity, Lane, ModuleName, ModuleState, Outcome, ProfileKind, V3Status } from "./enums";

export const ProfileRef = z.object({ id: z.string(), name: z.string(), kind: ProfileKind });
export type ProfileRef = z.infer<typeof ProfileRef>;

/** A rule of a dataset and whether it fired for the document. */
export const DatasetRule = z.object({ rule: z.string(), fired: z.boolean() });

/**
 * A module's data as its dataset publishes it: `dataset`, `module`, a block named after the
 * module (its fields are the dataset version's own, docs/sandbox.md) and `rules`.
 */
export const ModuleData = z
  .object({
    dataset: z.string().describe("entity-module-version, e.g. person-profile-2.0"),
    module: ModuleName,
    rules: z.array(DatasetRule),
  })
  .catchall(z.unknown());
export type ModuleData = z.infer<typeof ModuleData>;

/** One module of an enrichment's plan. */
export const ModuleEntry = z.object({
  dataset: z.string(),
  status: ModuleState,
  nextAttemptAt: z.string().optional().describe("While retrying"),
  url: z.string().describe("Where the module's data alone is read"),
  cache: z
    .object({
      fetchedAt: z.string().describe("When the dataset gave this answer"),
      ageSeconds: z.number().int().describe("The answer's age when this enrichment used it"),
    })
    .optional()
    .describe("Set when the data came from the workspace's dataset cache instead of a new query (docs/decisions.md)"),
});
export type ModuleEntry = z.infer<typeof ModuleEntry>;

const summaryFields = {
  id: z.string(),
  status: V3Status,
  outcome: Outcome.nullable().describe("Set once COMPLETED"),
  entity: Entity,
  document: z.string(),
  profile: ProfileRef,
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  nextRetryAt: z.string().optional().describe("While a recovery round waits"),
  recoveryRound: z.number().int(),
  failureReason: z.string().optional().describe("When FAILED"),
  deadline: z.string().optional().describe("The instant the deadline falls (creation + options.deadline)"),
};

/** A list item of GET /api/v3/enrichments: the enrichment without `modules` and `data`. */
export const EnrichmentSummary = z.object({
  ...summaryFields,
  lane: Lane,
  batchId: z.string().optional(),
});
export type EnrichmentSummary = z.infer<typeof EnrichmentSummary>;

/** GET /api/v3/enrichments/:id (and a finished creation): the summary with its modules, and `data` when asked. */
export const Enrichment = z.object({
  ...summaryFields,
  modules: z.record(z.string(), ModuleEntry).describe("By module name, profile first"),
  lane: Lane,
  batchId: z.string().optional(),
  data: z.record(z.string(), ModuleData).optional().describe("Completed modules' data, with include="),
});
export type Enrichment = z.infer<typeof Enrichment>;

/** 202 of a creation still running. */
export const EnrichmentAccepted = z.object({ id: z.string(), status: V3Status });
export type EnrichmentAccepted = z.infer<typeof EnrichmentAccepted>;

export const EnrichmentList = z.object({ items: z.array(EnrichmentSummary), nextCursor: z.string().nullable() });
export type EnrichmentList = z.infer<typeof EnrichmentList>;

/** spec 2.5b */
export const Profile = z.object({
  profile: ProfileRef,
  entity: Entity,
  modules: z.record(z.string(), z.object({ dataset: z.string() })),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileList = z.object({ items: z.array(Profile) });
export type ProfileList = z.infer<typeof ProfileList>;

export const BATCH_ITEM_ERRORS = ["invalid_document", "profile_entity_mismatch", "duplicate_in_request", "invalid_metadata"] as const;
export const BatchItemError = z.object({ code: z.enum(BATCH_ITEM_ERRORS), message: z.string() });

export const BatchItemCreated = z.object({ index: z.number().int(), id: z.string(), document: z.string() });
export const BatchItemFailed = z.object({ index: z.number().int(), document: z.unknown().describe("As sent"), error: BatchItemError });

export const BatchResponse = z.object({
  batchId: z.string(),
  total: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  items: z.array(z.union([BatchItemCreated, BatchItemFailed])),
});
export type BatchResponse = z.infer<typeof BatchResponse>;

export const NETWORK_SKIP_REASONS = [
  "related_disabled",
  "lawsuits_disabled",
  "network_not_configured",
  "subject_not_found",
  "not_run",
] as const;
export const NetworkSkipReason = z.enum(NETWORK_SKIP_REASONS);
export type NetworkSkipReason = z.infer<typeof NetworkSkipReason>;

/** One related party of the lawsuit network. */
export const NetworkNode = z.object({
  ref: z.string().describe("Opaque reference for the node route"),
  name: z.string().nullable(),
  entity: Entity,
  relations: z.array(z.record(z.string(), z.unknown())).describe("How the related module links the party, as it shows it"),
  lawsuits: z.record(z.string(), z.unknown()).nullable().describe("The lawsuits block without its list: counters and indicators"),
  query: z.object({ status: z.enum(["ok", "failed"]), dataset: z.string() }),
  restrictiveList: z
    .boolean()
    .nullable()
    .describe("Beyond the spec: on the service's restrictive list, as the related module says; null when it does not say"),
});
export type NetworkNode = z.infer<typeof NetworkNode>;

export const Network = z.union([
  z.object({
    status: z.literal("ok"),
    nodes: z.record(z.string(), NetworkNode).describe("By the document as the related module shows it"),
  }),
  z.object({ status: z.literal("skipped"), reason: NetworkSkipReason }),
]);
export type Network = z.infer<typeof Network>;

/** GET .../network/nodes/:ref: the node and its lawsuits in the lawsuits dataset format, with the list. */
export const NetworkNodeLawsuits = z.object({
  node: NetworkNode.omit({ lawsuits: true }),
  dataset: z.string(),
  module: z.literal("lawsuits"),
  lawsuits: z.record(z.string(), z.unknown()).nullable(),
  rules: z.array(DatasetRule),
});
export type NetworkNodeLawsuits = z.infer<typeof NetworkNodeLawsuits>;

export const Usage = z.object({
  workspaceId: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  actions: z.array(z.object({ action: z.string(), count: z.number().int() })),
  total: z.number().int(),
});
export type Usage = z.infer<typeof Usage>;

export const CallbackSecret = z.object({ secret: z.string().describe("Hex") });
export type CallbackSecret = z.infer<typeof CallbackSecret>;
