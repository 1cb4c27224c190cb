// Backtests (issue 31 item 5; docs/rules.md, "How to read a backtest"): a candidate version run
// beside a baseline over a profile's verifications created in [from, to), on the facts stored when
// they completed (a dossier is never parsed again), against the labels of the team's decisions:
// each case's latest effective decision (verifications.feedback_status), REPROVED positive and
// APPROVED negative; STANDBY, WAIVED and undecided cases count in the flips, not in the metrics.
//
// POST asks for one (the versions' rules and thresholds are kept as they were: a draft may change
// afterwards), records ruleset.backtested and sends a job; the job (backtest-worker.ts) reads the
// facts in keyset pages (verification_created_at, verification_id), converts each case's facts
// once, evaluates each distinct condition of both versions once, and folds the outcome into
// counters (flips, histograms, per-rule tp/fp/fn, score counts per label for the AUC): memory stays
// bounded whatever the number of cases, and the same backtest gives the same numbers. Between
// pages, and within a page every few milliseconds of work, it yields, so the reads of cases keep
// their latency meanwhile.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { backtests, type BacktestVersion } from "../db/schema";
import { ApiError, notFound } from "../http/errors";
import type { TokenClaims } from "../auth/tokens";
import { recordEvent } from "../review/audit/record";
import {
  HISTOGRAM_BIN,
  MAX_FLIPPED,
  RECOMMENDATIONS,
  type Backtest,
  type BacktestRule,
  type FlippedCase,
  type Recommendation,
  type Thresholds,
} from "../../lib/contract/rules";
import { celFacts, compileCondition, type CelFacts } from "./cel";
import { factTypes, type Entity, type Facts } from "./facts";
import { findRuleset, scoringProfile, scoringVersions, type RulesetRow } from "./store";
import { recommend, validateRuleset } from "./ruleset";
import { rulesetEvent } from "./events";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type BacktestRow = typeof backtests.$inferSelect;

const snapshot = (row: RulesetRow): BacktestVersion => ({
  version: row.version,
  state: row.state,
  rules: row.rules,
  thresholds: row.thresholds,
});

/** POST /rulesets/{id}/backtests: the backtest asked for (state queued), recorded as ruleset.backtested. */
export async function createBacktest(
  db: Db,
  caller: TokenClaims,
  requestId: string,
  candidateId: string,
  body: { from?: string; to?: string; baseline?: string },
): Promise<BacktestRow> {
  const from = body.from ? new Date(body.from) : null;
  const to = body.to ? new Date(body.to) : null;
  if (from && to && from.getTime() >= to.getTime()) throw new ApiError("invalid_body", "from: must be before to");
  const candidate = await findRuleset(db, caller.workspaceId, candidateId);
  const { entity } = await scoringProfile(db, caller.workspaceId, candidate.profileId);
  const baseline = body.baseline
    ? await findRuleset(db, caller.workspaceId, body.baseline)
    : (await scoringVersions(db, caller.workspaceId, candidate.profileId)).active;
  if (!baseline || baseline.profileId !== candidate.profileId)
    throw new ApiError("invalid_body", "baseline: not a version of the candidate's profile");
  // a draft saved before a catalog change is checked again: a backtest runs rules that type-check
  validateRuleset(entity, candidate.rules, candidate.thresholds);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(backtests)
      .values({
        id: randomUUID(),
        workspaceId: caller.workspaceId,
        profileId: candidate.profileId,
        candidateId: candidate.id,
        baselineId: baseline.id,
        candidate: snapshot(candidate),
        baseline: snapshot(baseline),
        from,
        to,
        state: "queued",
        createdBy: caller.userId,
      })
      .returning();
    await recordEvent(
      tx,
      rulesetEvent(caller, requestId, "ruleset.backtested", candidate, {
        backtestId: row!.id,
        baselineId: baseline.id,
        baselineVersion: baseline.version,
        from: from?.toISOString() ?? null,
        to: to?.toISOString() ?? null,
      }),
    );
    return row!;
  });
}

export async function findBacktest(db: Db, workspaceId: string, id: string): Promise<BacktestRow> {
  if (!UUID.test(id)) throw notFound("backtest");
  const [row] = await db
    .select()
    .from(backtests)
    .where(and(eq(backtests.workspaceId, workspaceId), eq(backtests.id, id)));
  if (!row) throw notFound("backtest");
  return row;
}

// --- the run ------------------------------------------------------------------------------------

/** What a finished run stores (backtests.result). */
export interface BacktestResult {
  cases: number;
  decided: number;
  labels: { reproved: number; approved: number };
  baseline: SideResult;
  candidate: SideResult;
  flips: Record<Recommendation, Record<Recommendation, number>>;
  rules: BacktestRule[];
  flipped: FlippedCase[];
}

interface SideResult {
  recommendations: Record<Recommendation, number>;
  histogram: { from: number; to: number; count: number }[];
  auc: number | null;
}

/** A condition every version 1 rule has: `"module.code" in dataset.moduleRules` (or dataset.rules), read as a set lookup. */
const MEMBERSHIP = /^\s*"([^"\\]*)"\s+in\s+dataset\.(moduleRules|rules)\s*$/;

interface Condition {
  /** A membership test, evaluated without CEL (the same answer: a missing list does not fire). */
  member: { value: string; list: "dataset.moduleRules" | "dataset.rules" } | null;
  run: ((facts: CelFacts) => unknown) | null;
}

interface VersionPlan {
  thresholds: Thresholds;
  /** Per rule: its condition's index, its weight, whether it weighs. */
  rules: { condition: number; weight: number; enabled: boolean }[];
}

/** Both versions' distinct conditions, compiled once: a case evaluates each once, whatever version holds it. */
export function planBacktest(entity: Entity, baseline: BacktestVersion, candidate: BacktestVersion) {
  const conditions: Condition[] = [];
  const index = new Map<string, number>();
  const conditionOf = (text: string) => {
    let i = index.get(text);
    if (i === undefined) {
      const m = MEMBERSHIP.exec(text);
      i = conditions.length;
      conditions.push(
        m
          ? { member: { value: m[1]!, list: `dataset.${m[2]}` as "dataset.moduleRules" | "dataset.rules" }, run: null }
          : { member: null, run: compileCondition(entity, text) },
      );
      index.set(text, i);
    }
    return i;
  };
  const plan = (v: BacktestVersion): VersionPlan => ({
    thresholds: v.thresholds,
    rules: v.rules.map((r) => ({ condition: conditionOf(r.condition), weight: r.weight, enabled: r.enabled })),
  });
  const b = plan(baseline);
  const c = plan(candidate);
  return {
    entity,
    conditions,
    baseline: b,
    candidate: c,
    needsCel: conditions.some((x) => x.run !== null),
    reads: factsNeeded(entity, [...index.keys()]),
  };
}

export type BacktestPlan = ReturnType<typeof planBacktest>;

/** The facts objects a condition may name (server/rules/cel.ts). */
const GROUP = /(?<![\w.$])(person|company|dataset)(?![\w$])/g;
/** More than this many facts read: the whole facts document is read (jsonb_build_object takes at most 100 arguments). */
const MAX_PICKED = 40;

/**
 * The facts the conditions read, when each names them as `group.field` (the page then reads only
 * those keys of the stored document); null when one names a group otherwise (`person["age"]`,
 * `size(person)`): the whole document is read.
 */
export function factsNeeded(entity: Entity, conditions: string[]): string[] | null {
  const known = factTypes(entity);
  const names = new Set<string>();
  for (const condition of conditions) {
    for (const m of condition.matchAll(GROUP)) {
      const field = /^\.([A-Za-z_][\w]*)/.exec(condition.slice(m.index + m[0].length));
      const name = field ? `${m[1]}.${field[1]}` : null;
      if (!name || !known.has(name)) return null;
      names.add(name);
    }
    const member = MEMBERSHIP.exec(condition);
    if (member) names.add(`dataset.${member[2]}`);
  }
  const list = [...names].sort();
  return list.length > MAX_PICKED ? null : list;
}

/** Which conditions hold on a case's facts (a condition that cannot be evaluated does not). */
export function evaluateConditions(plan: BacktestPlan, facts: Facts, out: Uint8Array): void {
  const cel = plan.needsCel ? celFacts(plan.entity, facts) : null;
  const lists = new Map<string, Set<string> | null>();
  for (let i = 0; i < plan.conditions.length; i++) {
    const c = plan.conditions[i]!;
    if (c.member) {
      let set = lists.get(c.member.list);
      if (set === undefined) {
        const raw = facts[c.member.list];
        set = Array.isArray(raw) ? new Set(raw) : null;
        lists.set(c.member.list, set);
      }
      out[i] = set !== null && set.has(c.member.value) ? 1 : 0;
      continue;
    }
    try {
      out[i] = c.run!(cel!) === true ? 1 : 0;
    } catch {
      out[i] = 0;
    }
  }
}

/** 1000 minus the weights of the enabled rules that fired, from 0 (scoreFacts' score, without what a case page shows). */
export function scoreOf(v: VersionPlan, held: Uint8Array): number {
  let deduction = 0;
  for (const r of v.rules) if (r.enabled && held[r.condition] === 1) deduction += r.weight;
  return Math.max(0, 1000 - deduction);
}

const BINS = Math.ceil(1000 / HISTOGRAM_BIN);
const binOf = (score: number) => Math.min(BINS - 1, Math.floor(score / HISTOGRAM_BIN));
const REC_INDEX: Record<Recommendation, number> = { APPROVE: 0, REVIEW: 1, REPROVE: 2 };

/** The counters a run folds its cases into: their size does not grow with the cases. */
export class BacktestTally {
  cases = 0;
  decided = 0;
  positives = 0;
  negatives = 0;
  readonly flips = new Int32Array(9);
  readonly histogram = [new Int32Array(BINS), new Int32Array(BINS)];
  /** Per version, the labelled cases per score (0..1000): the AUC from these. */
  readonly positiveScores = [new Float64Array(1001), new Float64Array(1001)];
  readonly negativeScores = [new Float64Array(1001), new Float64Array(1001)];
  readonly hits: Int32Array;
  readonly tp: Int32Array;
  readonly fp: Int32Array;
  readonly flipped: FlippedCase[] = [];
  private readonly held: Uint8Array;

  constructor(private readonly plan: BacktestPlan) {
    this.held = new Uint8Array(plan.conditions.length);
    const n = plan.candidate.rules.length;
    this.hits = new Int32Array(n);
    this.tp = new Int32Array(n);
    this.fp = new Int32Array(n);
  }

  add(verificationId: string, createdAt: string, decision: string | null, facts: Facts): void {
    const { plan, held } = this;
    evaluateConditions(plan, facts, held);
    const scores = [scoreOf(plan.baseline, held), scoreOf(plan.candidate, held)] as const;
    const recs = [recommend(scores[0], plan.baseline.thresholds), recommend(scores[1], plan.candidate.thresholds)] as const;
    this.cases++;
    if (decision) this.decided++;
    const label = decision === "REPROVED" ? 1 : decision === "APPROVED" ? 0 : -1;
    if (label === 1) this.positives++;
    else if (label === 0) this.negatives++;
    this.flips[REC_INDEX[recs[0]] * 3 + REC_INDEX[recs[1]]]!++;
    for (let side = 0; side < 2; side++) {
      this.histogram[side]![binOf(scores[side]!)]!++;
      if (label === 1) this.positiveScores[side]![scores[side]!]!++;
      else if (label === 0) this.negativeScores[side]![scores[side]!]!++;
    }
    const rules = plan.candidate.rules;
    for (let i = 0; i < rules.length; i++) {
      if (held[rules[i]!.condition] !== 1) continue;
      this.hits[i]!++;
      if (label === 1) this.tp[i]!++;
      else if (label === 0) this.fp[i]!++;
    }
    if (recs[0] !== recs[1] && this.flipped.length < MAX_FLIPPED)
      this.flipped.push({
        verificationId,
        createdAt,
        decision: (decision as FlippedCase["decision"]) ?? null,
        baseline: { score: scores[0], recommendation: recs[0] },
        candidate: { score: scores[1], recommendation: recs[1] },
      });
  }

  result(candidate: BacktestVersion): BacktestResult {
    const counts = (row: number | null, col: number | null) => {
      let n = 0;
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 3; c++) if ((row === null || row === r) && (col === null || col === c)) n += this.flips[r * 3 + c]!;
      return n;
    };
    const byRec = (pick: (i: number) => number) =>
      Object.fromEntries(RECOMMENDATIONS.map((rec) => [rec, pick(REC_INDEX[rec])])) as Record<Recommendation, number>;
    const side = (s: number): SideResult => ({
      recommendations: byRec((i) => (s === 0 ? counts(i, null) : counts(null, i))),
      histogram: [...this.histogram[s]!].map((count, i) => ({
        from: i * HISTOGRAM_BIN,
        to: Math.min(1000, (i + 1) * HISTOGRAM_BIN),
        count,
      })),
      auc: rocAuc(this.positiveScores[s]!, this.negativeScores[s]!, this.positives, this.negatives),
    });
    const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
    return {
      cases: this.cases,
      decided: this.decided,
      labels: { reproved: this.positives, approved: this.negatives },
      baseline: side(0),
      candidate: side(1),
      flips: Object.fromEntries(
        RECOMMENDATIONS.map((rec) => [rec, byRec((c) => this.flips[REC_INDEX[rec] * 3 + c]!)]),
      ) as BacktestResult["flips"],
      rules: candidate.rules.map((def, i) => {
        const tp = this.tp[i]!;
        const fp = this.fp[i]!;
        const fn = this.positives - tp;
        const precision = ratio(tp, tp + fp);
        const recall = ratio(tp, tp + fn);
        const f1 =
          precision === null || recall === null || precision + recall === 0 ? null : (2 * precision * recall) / (precision + recall);
        return {
          code: def.code,
          title: def.title,
          module: def.module,
          weight: def.weight,
          enabled: def.enabled,
          hits: this.hits[i]!,
          hitRate: ratio(this.hits[i]!, this.cases),
          tp,
          fp,
          fn,
          precision,
          recall,
          f1,
        };
      }),
      flipped: this.flipped,
    };
  }
}

/**
 * The probability that a reproved case scores lower than an approved one, ties counting half,
 * from the labelled cases per score: exact, in one pass over the 1001 scores.
 */
export function rocAuc(pos: Float64Array, neg: Float64Array, positives: number, negatives: number): number | null {
  if (positives === 0 || negatives === 0) return null;
  let negAbove = negatives;
  let wins = 0;
  for (let s = 0; s <= 1000; s++) {
    negAbove -= neg[s]!;
    if (pos[s]! > 0) wins += pos[s]! * (negAbove + neg[s]! / 2);
  }
  return wins / (positives * negatives);
}

/**
 * Rows a page reads. On PGlite the statement runs in this process's thread (the embedded
 * database), so its page is small enough for a case read to wait a few milliseconds at most
 * behind it; on PostgreSQL the driver's parsing of the page is what this thread does.
 */
export const PAGE_ROWS = { pglite: 100, postgres: 500 } as const;
/** Work between two yields to the event loop (the case reads answered meanwhile). */
const SLICE_MS = 4;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface PageRow extends Record<string, unknown> {
  id: string;
  created: string;
  facts: Facts | string;
  decision: string | null;
}

/**
 * Runs a backtest's cases: counts them, then reads their facts page by page in keyset order,
 * folding each into the tally; `onProgress` hears the share read after each page. Answers the result.
 */
export async function runCases(
  db: Db,
  row: Pick<BacktestRow, "workspaceId" | "profileId" | "from" | "to" | "baseline" | "candidate">,
  entity: Entity,
  onProgress: (progress: number) => Promise<void> = async () => {},
  pageRows: number = PAGE_ROWS.postgres,
  /** Whether other statements wait for the database (Database.poolStats().ahead): the run yields at once then. */
  othersWaiting: () => boolean = () => false,
): Promise<BacktestResult> {
  const plan = planBacktest(entity, row.baseline, row.candidate);
  const tally = new BacktestTally(plan);
  const range = sql`f.workspace_id = ${row.workspaceId} and f.profile_id = ${row.profileId}
    ${row.from ? sql`and f.verification_created_at >= ${row.from.toISOString()}::timestamptz` : sql``}
    ${row.to ? sql`and f.verification_created_at < ${row.to.toISOString()}::timestamptz` : sql``}`;
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from verification_facts f where ${range}`),
  ) as [{ total: number }];
  // the keys the conditions read, not the whole document (names of the catalog: letters and a dot)
  const factsColumn = plan.reads
    ? sql.raw(
        `jsonb_build_object(${plan.reads.map((n) => `'${n.replace(/[^A-Za-z.]/g, "")}', f.facts -> '${n.replace(/[^A-Za-z.]/g, "")}'`).join(", ")})`,
      )
    : sql`f.facts`;
  let after: { created: string; id: string } | null = null;
  let lastReport = performance.now();
  for (;;) {
    const page: PageRow[] = rowsOf<PageRow>(
      await db.execute(sql`select f.verification_id as id, f.verification_created_at::text as created, ${factsColumn} as facts, v.feedback_status as decision
        from verification_facts f join verifications v on v.id = f.verification_id
        where ${range} ${after ? sql`and (f.verification_created_at, f.verification_id) > (${after.created}::timestamptz, ${after.id}::uuid)` : sql``}
        order by f.verification_created_at, f.verification_id
        limit ${pageRows}`),
    );
    let sliceStart = performance.now();
    for (let i = 0; i < page.length; i++) {
      const r = page[i]!;
      const facts = typeof r.facts === "string" ? (JSON.parse(r.facts) as Facts) : r.facts;
      tally.add(r.id, new Date(r.created).toISOString(), r.decision, facts);
      if (performance.now() - sliceStart > SLICE_MS || (i % 8 === 7 && othersWaiting())) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    if (page.length < pageRows) break;
    const last: PageRow = page[page.length - 1]!;
    after = { created: last.created, id: last.id };
    if (performance.now() - lastReport > 1000) {
      lastReport = performance.now();
      await onProgress(total === 0 ? 1 : Math.min(1, tally.cases / total));
    }
    await nextTurn();
  }
  return tally.result(row.candidate);
}

// --- the answer ---------------------------------------------------------------------------------

const side = (id: string, v: BacktestVersion, r: SideResult | undefined): Backtest["baseline"] => ({
  rulesetId: id,
  version: v.version,
  state: v.state as Backtest["baseline"]["state"],
  thresholds: v.thresholds,
  recommendations: r?.recommendations ?? null,
  histogram: r?.histogram ?? null,
  auc: r?.auc ?? null,
});

/** GET /backtests/{id}. */
export function toBacktest(row: BacktestRow): Backtest {
  const r = (row.state === "done" ? row.result : null) as BacktestResult | null;
  return {
    id: row.id,
    rulesetId: row.candidateId,
    profileId: row.profileId,
    from: row.from?.toISOString() ?? null,
    to: row.to?.toISOString() ?? null,
    state: row.state as Backtest["state"],
    progress: row.progress,
    error: row.error,
    cases: r?.cases ?? null,
    decided: r?.decided ?? null,
    labels: r?.labels ?? null,
    baseline: side(row.baselineId, row.baseline, r?.baseline),
    candidate: side(row.candidateId, row.candidate, r?.candidate),
    flips: r?.flips ?? null,
    rules: r?.rules ?? null,
    flipped: r?.flipped ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
