// The rules room's review API (/api/review/v1/rules…; issue 31; docs/rules.md): the facts a rule
// may read, versioned rule sets of CEL conditions per scoring profile, trying a rule set on one
// case, and the scoring a case was given. Errors use the v3 envelope.
import { z } from "zod";

/** A user as the review API names one (lib/contract/review.ts UserRef; not imported: review.ts imports this file). */
const UserRef = z.object({ id: z.uuid(), email: z.string().nullable() });

export const FACT_TYPES = ["bool", "int", "double", "string", "list<string>", "timestamp"] as const;
export const FactType = z.enum(FACT_TYPES);
export type FactType = z.infer<typeof FactType>;

export const Fact = z.object({
  name: z.string().describe("How a condition names it: person.age, company.ageDays, dataset.rules"),
  type: FactType,
  label: z.string().describe("pt-BR"),
  description: z.string().describe("pt-BR: what it is and where it comes from"),
  module: z.string().describe("The module whose data it is read from"),
});
export type Fact = z.infer<typeof Fact>;
export const FactList = z.object({ facts: z.array(Fact) });

export const FactsQuery = z.object({ profileId: z.string().min(1).max(200) }).strict();

export const MAX_RULES = 200;
export const MAX_CONDITION = 2000;

export const RuleDef = z
  .object({
    code: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,79}$/, "lower case letters, digits and _, starting with a letter, at most 80")
      .describe("Unique within the version and module (the datasets fire some codes in two modules, each a rule)"),
    title: z.string().trim().min(1).max(200),
    condition: z.string().describe(`A CEL expression over the facts (bool; at most ${MAX_CONDITION} characters)`),
    weight: z.number().int().describe("0..1000: what the score loses when the rule fires"),
    module: z.string().min(1).max(60).describe("The module the rule is about (the score distribution groups by it)"),
    enabled: z.boolean(),
  })
  .strict();
export type RuleDef = z.infer<typeof RuleDef>;

export const Thresholds = z
  .object({
    approveAtOrAbove: z.number().int().min(0).max(1000),
    reproveBelow: z.number().int().min(0).max(1000),
  })
  .strict()
  .refine((t) => t.reproveBelow <= t.approveAtOrAbove, "reproveBelow must not be above approveAtOrAbove");
export type Thresholds = z.infer<typeof Thresholds>;

export const RECOMMENDATIONS = ["APPROVE", "REVIEW", "REPROVE"] as const;
export const Recommendation = z.enum(RECOMMENDATIONS);
export type Recommendation = z.infer<typeof Recommendation>;

export const RULESET_STATES = ["draft", "published"] as const;
export const RulesetState = z.enum(RULESET_STATES);

export const Ruleset = z.object({
  id: z.uuid(),
  profileId: z.string(),
  version: z.number().int(),
  state: RulesetState,
  active: z.boolean().describe("Scores the profile's new verifications"),
  shadow: z.boolean().describe("Scores them too, beside the active version, without effect"),
  basedOn: z.uuid().nullable(),
  rules: z.array(RuleDef),
  thresholds: Thresholds,
  createdBy: UserRef.nullable().describe("null: the service (version 1)"),
  updatedBy: UserRef.nullable().describe("The draft's last editor"),
  publishedBy: UserRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
});
export type Ruleset = z.infer<typeof Ruleset>;

export const RulesetSummary = Ruleset.omit({ rules: true }).extend({ ruleCount: z.number().int() });
export const RulesetList = z.object({ rulesets: z.array(RulesetSummary).describe("Newest version first") });

export const RulesetsQuery = z.object({ profileId: z.string().min(1).max(200) }).strict();
export const RulesetIdParams = z.object({ id: z.string() });

export const CreateRulesetBody = z
  .object({
    profileId: z.string().min(1).max(200),
    basedOn: z.uuid().optional().describe("The version the draft copies (default: the active version)"),
  })
  .strict();

/** PUT: the draft's rules and thresholds (unchecked by the schema beyond their shape: see invalid_ruleset). */
export const UpdateRulesetBody = z
  .object({
    rules: z.array(z.unknown()).describe(`At most ${MAX_RULES} rules ({code, title, condition, weight, module, enabled})`),
    thresholds: z.unknown().describe("{approveAtOrAbove, reproveBelow}"),
  })
  .strict();

export const ShadowBody = z.object({ enabled: z.boolean() }).strict();

export const EvaluateBody = z
  .object({
    ruleset: z
      .union([z.object({ id: z.uuid() }).strict(), z.object({ rules: z.array(z.unknown()), thresholds: z.unknown() }).strict()])
      .describe("A stored version by id, or rules and thresholds not stored"),
    verificationId: z.uuid(),
  })
  .strict();

export const FactValue = z.union([z.boolean(), z.number(), z.string(), z.array(z.string()), z.null()]);
export type FactValue = z.infer<typeof FactValue>;

export const EvaluatedRule = z.object({
  code: z.string(),
  title: z.string(),
  weight: z.number().int(),
  module: z.string(),
  enabled: z.boolean(),
  fired: z.boolean(),
  facts: z.record(z.string(), FactValue).describe("The facts the condition reads, with their values in this case"),
  error: z.string().nullable().describe("Why the condition could not be evaluated (a fact the case lacks): the rule did not fire"),
});
export const Evaluation = z.object({
  verificationId: z.uuid(),
  score: z.number().int(),
  recommendation: Recommendation,
  rules: z.array(EvaluatedRule),
  elapsedMs: z.number().describe("The evaluation's time in the service: reading the case's facts and the version, and scoring"),
});

export const FiredRule = z.object({
  code: z.string(),
  title: z.string(),
  weight: z.number().int(),
  module: z.string(),
  facts: z.record(z.string(), FactValue),
});
export const ShadowScore = z.object({
  rulesetId: z.uuid(),
  version: z.number().int(),
  score: z.number().int(),
  recommendation: Recommendation,
});
export const CaseScoring = z.object({
  rulesetId: z.uuid(),
  version: z.number().int(),
  score: z.number().int(),
  recommendation: Recommendation,
  fired: z.array(FiredRule),
  shadow: z.array(ShadowScore),
  factLabels: z.record(z.string(), z.string()).describe("The pt-BR label of each fact the fired rules read (the facts catalog's)"),
});
export type CaseScoring = z.infer<typeof CaseScoring>;

// --- backtests (issue 31 item 5; docs/rules.md, "How to read a backtest") ---

/** Cases of the first flipped cases a backtest lists. */
export const MAX_FLIPPED = 200;
/** Width of a score histogram's bins: [0, 50), [50, 100), …, [950, 1000] (the last holds 1000). */
export const HISTOGRAM_BIN = 50;
export const BACKTEST_STATES = ["queued", "running", "done", "failed"] as const;

const instant = z.iso.datetime({ offset: true, error: "must be an RFC 3339 instant (2026-11-01T00:00:00Z)" });

export const BacktestBody = z
  .object({
    from: instant.optional().describe("Verifications created at or after this instant (RFC 3339)"),
    to: instant.optional().describe("Verifications created before this instant (RFC 3339)"),
    baseline: z.uuid().optional().describe("The version compared against; default: the profile's active version"),
  })
  .strict();

export const BacktestIdParams = z.object({ id: z.string() });
export const BacktestCreated = z.object({ id: z.uuid() });

const Counts = z.object({ APPROVE: z.number().int(), REVIEW: z.number().int(), REPROVE: z.number().int() });
export const HistogramBin = z.object({
  from: z.number().int(),
  to: z.number().int().describe("Exclusive, but for the last bin, which holds 1000"),
  count: z.number().int(),
});
export const BacktestSide = z.object({
  rulesetId: z.uuid(),
  version: z.number().int(),
  state: z.enum(RULESET_STATES),
  thresholds: Thresholds,
  recommendations: Counts.nullable().describe("Cases per recommendation"),
  histogram: z.array(HistogramBin).nullable().describe("Cases per score, in bins of 50"),
  auc: z
    .number()
    .nullable()
    .describe(
      "ROC AUC on the labelled cases: the probability that a reproved case scores lower than an approved one, ties counting half (null: no reproved or no approved case)",
    ),
});
export const BacktestRule = z.object({
  code: z.string(),
  title: z.string(),
  module: z.string(),
  weight: z.number().int(),
  enabled: z.boolean(),
  hits: z.number().int().describe("Cases where it fired (a disabled rule is measured too, without weighing)"),
  hitRate: z.number().nullable().describe("hits / cases"),
  tp: z.number().int().describe("Reproved cases where it fired"),
  fp: z.number().int().describe("Approved cases where it fired"),
  fn: z.number().int().describe("Reproved cases where it did not fire"),
  precision: z.number().nullable().describe("tp / (tp + fp); null when it fired on no labelled case"),
  recall: z.number().nullable().describe("tp / (tp + fn); null without reproved cases"),
  f1: z.number().nullable().describe("2·precision·recall / (precision + recall); null when either is null or both are 0"),
});
const SideScore = z.object({ score: z.number().int(), recommendation: Recommendation });
export const FlippedCase = z.object({
  verificationId: z.uuid(),
  createdAt: z.string(),
  decision: z.enum(["APPROVED", "REPROVED", "STANDBY", "WAIVED"]).nullable().describe("The case's latest effective decision"),
  baseline: SideScore,
  candidate: SideScore,
});
export const Backtest = z.object({
  id: z.uuid(),
  rulesetId: z.uuid().describe("The candidate version"),
  profileId: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  state: z.enum(BACKTEST_STATES),
  progress: z.number().describe("0 to 1: the share of the cases read so far"),
  error: z.string().nullable(),
  cases: z.number().int().nullable().describe("Verifications of the profile with stored facts, created in [from, to)"),
  decided: z.number().int().nullable().describe("Of them, those with an effective decision (any)"),
  labels: z
    .object({ reproved: z.number().int(), approved: z.number().int() })
    .nullable()
    .describe("The labelled cases: REPROVED positive, APPROVED negative (STANDBY, WAIVED and undecided are in the flips only)"),
  baseline: BacktestSide,
  candidate: BacktestSide,
  flips: z
    .object({ APPROVE: Counts, REVIEW: Counts, REPROVE: Counts })
    .nullable()
    .describe("Cases per recommendation: the baseline's (rows) against the candidate's (columns)"),
  rules: z.array(BacktestRule).nullable().describe("The candidate's rules against the labels"),
  flipped: z.array(FlippedCase).nullable().describe(`The first ${MAX_FLIPPED} cases whose recommendation changes, oldest first`),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Backtest = z.infer<typeof Backtest>;
export type BacktestRule = z.infer<typeof BacktestRule>;
export type FlippedCase = z.infer<typeof FlippedCase>;

// --- score quality ("Qualidade do score" on the overview; GET /api/review/v1/rules/quality) ---

/** Width of the quality's score bands: [0, 100), [100, 200) … [900, 1000] (the last holds 1000). */
export const QUALITY_BAND = 100;

export const QualityQuery = z
  .object({
    profileId: z.string().min(1).max(200),
    from: instant.optional().describe("Verifications created at or after this instant (RFC 3339)"),
    to: instant.optional().describe("Verifications created before this instant (RFC 3339)"),
  })
  .strict();

export const QualityBand = z.object({
  from: z.number().int(),
  to: z.number().int().describe("Exclusive, but for the last band, which holds 1000"),
  approved: z.number().int(),
  reproved: z.number().int(),
  approvalRate: z.number().nullable().describe("approved / (approved + reproved); null without either"),
});

export const ScoreQuality = z.object({
  profileId: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  ruleset: z.object({ id: z.uuid(), version: z.number().int() }).nullable().describe("The profile's active version (null: none active)"),
  scored: z.number().int().describe("Verifications of the period the active version scored"),
  labels: z
    .object({ reproved: z.number().int(), approved: z.number().int() })
    .describe("Of them, those whose latest effective decision is REPROVED (positive) or APPROVED (negative)"),
  auc: z
    .number()
    .nullable()
    .describe(
      "ROC AUC of the stored scores on the labelled cases: the probability that a reproved case scores lower than an approved one, ties counting half (null: no reproved or no approved case)",
    ),
  bands: z.array(QualityBand).describe(`The labelled cases per score band of ${QUALITY_BAND}, with the share approved`),
});
export type ScoreQuality = z.infer<typeof ScoreQuality>;
