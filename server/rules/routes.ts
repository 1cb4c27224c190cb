// The rules room's review routes (issue 31; docs/rules.md), registered with the other rooms'
// (server/rooms.ts). Everyone who reads the review API reads them; admins write; integrations are
// refused (their role has no review permission).
// GET  /api/review/v1/rules/facts?profileId=   – the facts a condition may read
// GET  /api/review/v1/rules/quality?profileId=&from=&to= – the active version's AUC and approval per score band
// GET  /api/review/v1/rulesets?profileId=      – the profile's versions, newest first
// GET  /api/review/v1/rulesets/{id}            – one version with its rules
// POST /api/review/v1/rulesets                 – a draft {profileId, basedOn?}
// PUT  /api/review/v1/rulesets/{id}            – edit a draft (409 not_draft otherwise)
// POST /api/review/v1/rulesets/{id}/publish    – immutable from then on (403 same_person)
// POST /api/review/v1/rulesets/{id}/activate   – scores the profile's new verifications
// POST /api/review/v1/rulesets/{id}/shadow     – {enabled}: scores them too, without effect
// POST /api/review/v1/rulesets/evaluate        – a version, stored or not, on one case
// POST /api/review/v1/rulesets/{id}/backtests  – {from?, to?, baseline?}: 202 {id}, run in the background
// GET  /api/review/v1/backtests/{id}           – its state, then its flips, histograms, metrics
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";
import { route } from "../http/route";
import { V3ErrorBody } from "../../lib/contract/error-bodies";
import {
  Backtest,
  BacktestBody,
  BacktestCreated,
  BacktestIdParams,
  CreateRulesetBody,
  EvaluateBody,
  Evaluation,
  FactList,
  FactsQuery,
  QualityQuery,
  ScoreQuality,
  Ruleset,
  RulesetIdParams,
  RulesetList,
  RulesetsQuery,
  ShadowBody,
  UpdateRulesetBody,
} from "../../lib/contract/rules";
import { factCatalog } from "./facts";
import { activate, createDraft, findRuleset, listRulesets, publish, scoringProfile, setShadow, toRulesets, updateDraft } from "./store";
import { evaluateOnCase } from "./evaluate";
import { createBacktest, findBacktest, toBacktest } from "./backtest";
import { sendBacktest } from "./backtest-worker";
import { scoreQuality } from "./quality";

const tags = ["review rules"];

export function registerRuleRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/rules/facts",
    permission: "review:read",
    tags,
    summary: "The facts a rule may read",
    description:
      "The typed catalog of the profile's entity (person or company): name (as a condition writes it), type (bool, int, double, string, list<string>, timestamp), " +
      "label and description in pt-BR, and the module it is read from. 404 profile_not_found for a profile that is not a scoring profile of the workspace.",
    query: FactsQuery,
    response: { 200: FactList, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ query, caller }) => {
      const { entity } = await scoringProfile(s.db, caller.workspaceId, query.profileId);
      return { facts: factCatalog(entity) };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/rules/quality",
    permission: "review:read",
    tags,
    summary: "The score's quality on the team's decisions",
    description:
      "On the verifications created in [from, to) (RFC 3339 instants, each optional) that the profile's active version scored, the stored scores " +
      "against each case's latest effective decision (REPROVED positive, APPROVED negative; STANDBY, WAIVED and undecided are only counted in " +
      "scored): the ROC AUC (ties count half; null without a reproved and an approved case) and, per score band of 100, the approved and " +
      "reproved cases and the share approved. 400 invalid_parameter for a bad instant or from not before to; 404 profile_not_found for a " +
      "profile that is not a scoring profile of the workspace.",
    query: QualityQuery,
    response: { 200: ScoreQuality, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ query, caller }) => scoreQuality(s.db, caller.workspaceId, query),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/rulesets",
    permission: "review:read",
    tags,
    summary: "The rule set versions of a scoring profile",
    description: "Newest version first, without their rules. Version 1 (today's scoring) exists from the first read on.",
    query: RulesetsQuery,
    response: { 200: RulesetList, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ query, caller }) => {
      const rows = await listRulesets(s.db, caller.workspaceId, query.profileId);
      const full = await toRulesets(s.db, rows);
      return { rulesets: full.map(({ rules, ...rest }) => ({ ...rest, ruleCount: rules.length })) };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/rulesets/:id",
    permission: "review:read",
    tags,
    summary: "One rule set version",
    params: RulesetIdParams,
    response: { 200: Ruleset, 404: V3ErrorBody },
    handler: async ({ params, caller }) => (await toRulesets(s.db, [await findRuleset(s.db, caller.workspaceId, params.id)]))[0]!,
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/rulesets",
    permission: "review:admin",
    tags,
    summary: "Start a draft",
    description:
      "{profileId, basedOn?}: a draft copying basedOn (default: the active version), numbered after the profile's last version. Records ruleset.draft_saved.",
    body: CreateRulesetBody,
    status: 201,
    response: { 201: Ruleset, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ body, caller, request }) =>
      (await toRulesets(s.db, [await createDraft(s.db, caller, request.id, body.profileId, body.basedOn)]))[0]!,
  });

  route(app, {
    method: "PUT",
    url: "/api/review/v1/rulesets/:id",
    permission: "review:admin",
    tags,
    summary: "Edit a draft",
    description:
      "{rules, thresholds}, whole. 400 invalid_ruleset, naming the rule and the position in its condition, when a condition does not parse or type-check " +
      "against the facts, names an unknown fact, or is over 2,000 characters; a code repeats; a weight is outside 0..1000; there are more than 200 rules; " +
      "or the thresholds are wrong. Nothing is stored then. 409 not_draft for a published version. Records ruleset.draft_saved.",
    params: RulesetIdParams,
    body: UpdateRulesetBody,
    response: { 200: Ruleset, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, body, caller, request }) =>
      (await toRulesets(s.db, [await updateDraft(s.db, caller, request.id, params.id, body.rules, body.thresholds)]))[0]!,
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/rulesets/:id/publish",
    permission: "review:admin",
    freshAuth: true, // step-up (issue 34; server/auth/step-up.ts)
    tags,
    summary: "Publish a draft",
    description:
      "The version becomes immutable. With the workspace setting rules.requireSecondPerson (on by default), the admin who publishes must not be the " +
      "draft's last editor (403 same_person). 409 not_draft when published already. Records ruleset.published.",
    params: RulesetIdParams,
    response: { 200: Ruleset, 403: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, caller, request }) => (await toRulesets(s.db, [await publish(s.db, caller, request.id, params.id)]))[0]!,
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/rulesets/:id/activate",
    permission: "review:admin",
    freshAuth: true, // step-up (issue 34; server/auth/step-up.ts)
    tags,
    summary: "Activate a published version",
    description:
      "It scores the profile's new verifications from now on; verifications scored before keep their score and version. Activating an older version is " +
      "the rollback. 409 not_published for a draft. Records ruleset.activated.",
    params: RulesetIdParams,
    response: { 200: Ruleset, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, caller, request }) => (await toRulesets(s.db, [await activate(s.db, caller, request.id, params.id)]))[0]!,
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/rulesets/:id/shadow",
    permission: "review:admin",
    tags,
    summary: "Run a version in shadow",
    description:
      "{enabled}. A published version other than the active one scores the profile's new verifications beside it, without effect: the case's scoring " +
      "lists its score under shadow. 409 not_published for a draft, 409 conflict for the active version. Records ruleset.shadow_changed.",
    params: RulesetIdParams,
    body: ShadowBody,
    response: { 200: Ruleset, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, body, caller, request }) =>
      (await toRulesets(s.db, [await setShadow(s.db, caller, request.id, params.id, body.enabled)]))[0]!,
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/rulesets/evaluate",
    permission: "review:read",
    tags,
    summary: "Try a rule set on one case",
    description:
      "{ruleset: {id} | {rules, thresholds}, verificationId}: the score, the recommendation and each rule with fired and the fact values it read, " +
      "from the case's stored facts. Nothing is stored. 400 invalid_ruleset for rules that do not check; 404 for a case or version of another " +
      "workspace; 409 conflict for a case not completed; 422 profile_entity_mismatch for a version of the other entity.",
    body: EvaluateBody,
    response: { 200: Evaluation, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody, 422: V3ErrorBody },
    handler: async ({ body, caller }) => evaluateOnCase(s.db, caller.workspaceId, body),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/rulesets/:id/backtests",
    permission: "review:admin",
    tags,
    summary: "Backtest a version on the team's decisions",
    description:
      "{from?, to?, baseline?}: runs the version (a draft too) beside the baseline (default: the profile's active version) over the profile's " +
      "verifications created in [from, to) (RFC 3339 instants), on their stored facts, in the background; GET /backtests/{id} follows it. " +
      "400 invalid_body for a body that is not that, from not before to, or a baseline of another profile; 400 invalid_ruleset for a draft whose " +
      "rules no longer check; 404 for a version of another workspace. Records ruleset.backtested.",
    params: RulesetIdParams,
    body: BacktestBody,
    status: 202,
    response: { 202: BacktestCreated, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const row = await createBacktest(s.db, caller, request.id, params.id, body);
      await sendBacktest(s, row.id);
      return { id: row.id };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/backtests/:id",
    permission: "review:read",
    tags,
    summary: "A backtest's state and result",
    description:
      "state (queued, running, done, failed) and progress; once done, cases, decided and the labels (REPROVED positive, APPROVED negative), " +
      "each version's recommendations, score histogram (bins of 50) and ROC AUC (ties count half), the 3×3 flip matrix (baseline rows, candidate " +
      "columns), the candidate's rules with hits, hit rate, tp, fp, fn, precision, recall and F1, and the first 200 flipped cases with both scores. " +
      "404 for another workspace's backtest.",
    params: BacktestIdParams,
    response: { 200: Backtest, 404: V3ErrorBody },
    handler: async ({ params, caller }) => toBacktest(await findBacktest(s.db, caller.workspaceId, params.id)),
  });
}
