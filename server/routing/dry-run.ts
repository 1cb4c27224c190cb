// "Quem teria recebido" (issue 35 item 5): the last DRY_RUN_CASES reviewable cases routed again,
// oldest first, under the setting in force or a proposed one, from today's open cases, caps,
// absences and round_robin cursors; each simulated assignment counts towards the next. Nothing is
// assigned or recorded.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { maskDocument } from "../../lib/contract/documents";
import { DRY_RUN_CASES, type DryRunCase, type DryRunResult, type RoutingSettings } from "../../lib/contract/routing";
import { candidatesOf } from "./candidates";
import { documentKindOf, firstRule, pick } from "./match";

export async function dryRun(db: Db, workspaceId: string, routing: RoutingSettings): Promise<DryRunResult> {
  const rows = rowsOf(
    await db.execute(sql`
      select v.id, v.name, v.national_id, v.score, v.profile_id, v.risk_flags, v.review_started_at, s.recommendation
      from verifications v left join verification_scorings s on s.verification_id = v.id
      where v.workspace_id = ${workspaceId} and v.review_started_at is not null
      order by v.review_started_at desc, v.id desc
      limit ${DRY_RUN_CASES}`),
  );
  const candidates = await candidatesOf(db, workspaceId, null);
  const cursors = new Map(
    rowsOf(await db.execute(sql`select rule_id, last_user_id from routing_cursors where workspace_id = ${workspaceId}`)).map((r) => [
      r.rule_id as string,
      r.last_user_id as string,
    ]),
  );
  const perAnalyst: Record<string, number> = {};
  const cases: DryRunCase[] = [];
  for (const r of [...rows].reverse()) {
    const base = {
      caseId: r.id as string,
      name: (r.name as string | null) ?? null,
      document: maskDocument(r.national_id as string),
      score: r.score === null ? null : Number(r.score),
      reviewStartedAt: new Date(r.review_started_at as string | Date).toISOString(),
    };
    const none = { rule: null, to: null, queue: null };
    if (routing.mode === "off") {
      cases.push({ ...base, ...none, outcome: "off" });
      continue;
    }
    const rule = firstRule(routing.rules, {
      profileId: (r.profile_id as string | null) ?? null,
      score: base.score,
      flags: (r.risk_flags as string[] | null) ?? [],
      recommendation: (r.recommendation as string | null) ?? null,
      documentKind: documentKindOf(r.national_id as string),
    });
    if (!rule) {
      cases.push({ ...base, ...none, outcome: "no_rule" });
      continue;
    }
    const ruleRef = { id: rule.id, name: rule.name };
    if ("queue" in rule.to) {
      cases.push({ ...base, rule: ruleRef, to: null, queue: rule.to.queue, outcome: "queued" });
      continue;
    }
    const to = pick(routing.mode, rule.to.analysts, candidates, cursors.get(rule.id) ?? null);
    if (to === null) {
      cases.push({ ...base, rule: ruleRef, to: null, queue: null, outcome: "no_one_available" });
      continue;
    }
    candidates.find((c) => c.userId === to)!.open += 1;
    cursors.set(rule.id, to);
    perAnalyst[to] = (perAnalyst[to] ?? 0) + 1;
    cases.push({ ...base, rule: ruleRef, to, queue: null, outcome: "assigned" });
  }
  return { mode: routing.mode, cases: cases.reverse(), perAnalyst };
}
