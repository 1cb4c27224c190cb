// Routing (issue 35 item 4; docs/routing.md): the workspace's rules that give a case to an
// analyst when it becomes reviewable, each analyst's cap and absence, and the dry run. The review
// contract (review.ts) imports the setting from here; this file imports nothing of it back, so a
// rule's flags are checked against RISK_FLAGS by the service (server/routing/validate.ts).
import { z } from "zod";

export const ROUTING_MODES = ["off", "round_robin", "least_loaded"] as const;
export const RoutingMode = z.enum(ROUTING_MODES);
export type RoutingMode = z.infer<typeof RoutingMode>;

export const MAX_ROUTING_RULES = 50;
export const MAX_RULE_ANALYSTS = 100;
export const ROUTING_RECOMMENDATIONS = ["APPROVE", "REVIEW", "REPROVE"] as const;
export const DOCUMENT_KINDS = ["cpf", "cnpj"] as const;

const unique = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z
    .array(item)
    .min(1)
    .max(max)
    .refine((list) => new Set(list).size === list.length, "must not repeat");

/** What a case must have for the rule to take it; every key given must hold (an empty object takes every case). */
export const RoutingConditions = z
  .object({
    profiles: unique(z.string().trim().min(1).max(100), 50).optional().describe("The case's profile is one of these"),
    scoreMin: z.number().int().min(0).max(1000).optional().describe("Score at least this (inclusive)"),
    scoreMax: z.number().int().min(0).max(1000).optional().describe("Score at most this (inclusive)"),
    flags: unique(z.string().min(1).max(40), 20).optional().describe("The case has at least one of these risk flags"),
    recommendations: unique(z.enum(ROUTING_RECOMMENDATIONS), 3).optional().describe("The rule set's recommendation is one of these"),
    documentKind: z.enum(DOCUMENT_KINDS).optional().describe("cpf (a person) or cnpj (a company)"),
  })
  .strict()
  .refine((c) => c.scoreMin === undefined || c.scoreMax === undefined || c.scoreMin <= c.scoreMax, "scoreMin must not exceed scoreMax");
export type RoutingConditions = z.infer<typeof RoutingConditions>;

/** Where a rule sends a case: one of a set of analysts (by the mode), or a named queue (the case stays unassigned). */
export const RoutingTarget = z.union([
  z.object({ analysts: unique(z.uuid(), MAX_RULE_ANALYSTS).describe("User ids: enabled admins or analysts") }).strict(),
  z.object({ queue: z.string().trim().min(1).max(60).describe("A named queue") }).strict(),
]);
export type RoutingTarget = z.infer<typeof RoutingTarget>;

export const RoutingRule = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, "lower-case letters, digits, - and _ (up to 40)")
      .describe("Stable: round_robin keeps its cursor and the audit names the rule by it"),
    name: z.string().trim().min(1).max(100),
    when: RoutingConditions,
    to: RoutingTarget,
  })
  .strict();
export type RoutingRule = z.infer<typeof RoutingRule>;

export const RoutingSettings = z.object({
  mode: RoutingMode.describe("off (default): nothing is routed; round_robin: in turn, per rule; least_loaded: the fewest open cases"),
  rules: z
    .array(RoutingRule)
    .max(MAX_ROUTING_RULES)
    .refine((rules) => new Set(rules.map((r) => r.id)).size === rules.length, "rule ids must not repeat")
    .describe("In order: the first rule whose conditions hold takes the case"),
});
export type RoutingSettings = z.infer<typeof RoutingSettings>;

export const DEFAULT_ROUTING: RoutingSettings = { mode: "off", rules: [] };

/** PUT /settings `routing`: mode and/or the whole list of rules. */
export const RoutingSettingsUpdate = z.object({ mode: RoutingMode.optional(), rules: RoutingSettings.shape.rules.optional() }).strict();

// --- per analyst ------------------------------------------------------------------------------

const Day = z.iso.date().describe("YYYY-MM-DD");

/** PUT /members/{userId}/routing. */
export const MemberRoutingBody = z
  .object({
    cap: z.number().int().min(0).max(1000).nullable().describe("Open assigned cases at most (null: no cap)"),
    awayUntil: Day.nullable().describe("Absent through this day, inclusive (America/Sao_Paulo); null: present"),
  })
  .strict();
export type MemberRoutingBody = z.infer<typeof MemberRoutingBody>;

export const MemberRouting = z.object({
  userId: z.uuid(),
  cap: z.number().int().nullable(),
  awayUntil: z.string().nullable(),
  away: z.boolean().describe("Absent today (awayUntil is today or later)"),
  openCases: z.number().int().describe("Undecided cases assigned to them now"),
});
export type MemberRouting = z.infer<typeof MemberRouting>;

export const MemberRoutingList = z.object({ members: z.array(MemberRouting) });

// --- dry run ----------------------------------------------------------------------------------

export const DRY_RUN_CASES = 100;

export const DryRunBody = z
  .object({ routing: RoutingSettings.optional().describe("A proposed setting; the one in force when absent") })
  .strict();
export type DryRunBody = z.infer<typeof DryRunBody>;

export const DRY_RUN_OUTCOMES = ["assigned", "queued", "no_rule", "no_one_available", "off"] as const;

export const DryRunCase = z.object({
  caseId: z.uuid(),
  name: z.string().nullable(),
  document: z.string().describe("Masked"),
  score: z.number().int().nullable(),
  reviewStartedAt: z.string(),
  outcome: z.enum(DRY_RUN_OUTCOMES),
  rule: z.object({ id: z.string(), name: z.string() }).nullable(),
  to: z.uuid().nullable().describe("Who would have received it"),
  queue: z.string().nullable(),
});
export type DryRunCase = z.infer<typeof DryRunCase>;

export const DryRunResult = z.object({
  mode: RoutingMode,
  cases: z.array(DryRunCase).describe(`The last ${DRY_RUN_CASES} reviewable cases, newest first`),
  perAnalyst: z.record(z.string(), z.number().int()).describe("Cases each analyst would have received"),
});
export type DryRunResult = z.infer<typeof DryRunResult>;
