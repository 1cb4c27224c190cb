// Routing a case as it becomes reviewable (issue 35 item 4; docs/routing.md), called inside the
// transaction that makes it so (the engine's terminal transaction, the AI summary's completion),
// so a completion that rolls back routes nothing and a committed one is routed; and a monitoring
// alert in the transaction that opens it.
//
// Caps hold under concurrent completions: before counting anyone's open cases the transaction
// takes an advisory lock of the workspace's routing (held to its commit), so completions of one
// workspace route one after the other, each counting with a statement that sees the previous
// one's commit (READ COMMITTED). Only a case that a rule with analysts takes waits for it.
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { caseQueues, routingCursors } from "../db/schema";
import { rowsOf } from "../db/rows";
import { recordEvents } from "../review/audit/record";
import { readSettings } from "../review/settings/store";
import { candidatesOf } from "./candidates";
import { documentKindOf, firstRule, pick, type CaseFacts } from "./match";
import type { RoutingRule, RoutingSettings } from "../../lib/contract/routing";

export type RouteOutcome =
  | { outcome: "off" | "no_rule" | "assigned_already" }
  | { outcome: "queued"; ruleId: string; queue: string }
  | { outcome: "assigned"; ruleId: string; to: string }
  | { outcome: "no_one_available"; ruleId: string };

/** The facts routing reads of a case (its latest scoring's recommendation, when rule sets scored it). */
async function caseFacts(tx: Tx, workspaceId: string, caseId: string): Promise<(CaseFacts & { assigneeId: string | null }) | null> {
  const result = await tx.execute(sql`
    select v.profile_id, v.score, v.risk_flags, v.national_id, v.assignee_id, s.recommendation
    from verifications v left join verification_scorings s on s.verification_id = v.id
    where v.workspace_id = ${workspaceId} and v.id = ${caseId}`);
  const [r] = rowsOf(result);
  if (!r) return null;
  return {
    profileId: (r.profile_id as string | null) ?? null,
    score: r.score === null ? null : Number(r.score),
    flags: (r.risk_flags as string[] | null) ?? [],
    recommendation: (r.recommendation as string | null) ?? null,
    documentKind: documentKindOf(r.national_id as string),
    assigneeId: (r.assignee_id as string | null) ?? null,
  };
}

/** Whom the first matching rule gives a case's work to: an analyst (under the workspace's lock, the cursor moved), a queue, or nobody. */
async function decide(
  tx: Tx,
  workspaceId: string,
  settings: RoutingSettings,
  facts: CaseFacts,
): Promise<{ rule: RoutingRule; to: string | null; queue: string | null } | null> {
  const rule = firstRule(settings.rules, facts);
  if (!rule) return null;
  if ("queue" in rule.to) return { rule, to: null, queue: rule.to.queue };
  const analysts = rule.to.analysts;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lupa.routing:${workspaceId}`}))`);
  const candidates = await candidatesOf(tx, workspaceId, analysts);
  const cursor = rowsOf(
    await tx.execute(sql`select last_user_id from routing_cursors where workspace_id = ${workspaceId} and rule_id = ${rule.id}`),
  )[0];
  const to = pick(settings.mode, analysts, candidates, (cursor?.last_user_id as string | undefined) ?? null);
  if (to !== null && settings.mode === "round_robin")
    await tx
      .insert(routingCursors)
      .values({ workspaceId, ruleId: rule.id, lastUserId: to })
      .onConflictDoUpdate({ target: [routingCursors.workspaceId, routingCursors.ruleId], set: { lastUserId: to, updatedAt: sql`now()` } });
  return { rule, to, queue: null };
}

export async function routeCase(tx: Tx, workspaceId: string, caseId: string): Promise<RouteOutcome> {
  const settings = (await readSettings(tx, workspaceId)).routing;
  if (settings.mode === "off" || settings.rules.length === 0) return { outcome: "off" };
  const facts = await caseFacts(tx, workspaceId, caseId);
  if (!facts) return { outcome: "no_rule" };
  if (facts.assigneeId !== null) return { outcome: "assigned_already" };
  const decision = await decide(tx, workspaceId, settings, facts);
  if (!decision) return { outcome: "no_rule" };
  const { rule, to, queue } = decision;
  const ruleRef = { id: rule.id, name: rule.name };
  if (queue !== null) {
    await tx
      .insert(caseQueues)
      .values({ verificationId: caseId, workspaceId, queue, ruleId: rule.id })
      .onConflictDoUpdate({ target: caseQueues.verificationId, set: { queue, ruleId: rule.id, routedAt: sql`now()` } });
    await recordEvents(tx, [
      { workspaceId, type: "case.routed", actor: null, caseId, data: { rule: ruleRef, queue, mode: settings.mode } },
    ]);
    return { outcome: "queued", ruleId: rule.id, queue };
  }
  if (to === null) return { outcome: "no_one_available", ruleId: rule.id };
  const taken = rowsOf(
    await tx.execute(sql`
      update verifications set assignee_id = ${to}, assigned_at = now()
      where workspace_id = ${workspaceId} and id = ${caseId} and assignee_id is null
      returning id`),
  );
  if (taken.length === 0) return { outcome: "assigned_already" };
  // an assignment like any other (case.assigned: the timeline, filters and webhooks know it), by routing and naming its rule
  await recordEvents(tx, [
    {
      workspaceId,
      type: "case.assigned",
      actor: null,
      caseId,
      data: { from: null, to, by: "routing", rule: ruleRef, mode: settings.mode },
    },
  ]);
  return { outcome: "assigned", ruleId: rule.id, to };
}

/**
 * A monitoring alert just opened (server/monitoring/restrictive.ts, in the transaction that opens
 * it): the rules, read against its case, give the alert to an analyst as they would the case.
 * A rule with a queue, or nobody available, leaves the alert unassigned. Records alert.assigned.
 */
export async function routeAlert(tx: Tx, workspaceId: string, alertId: string, caseId: string): Promise<RouteOutcome> {
  const settings = (await readSettings(tx, workspaceId)).routing;
  if (settings.mode === "off" || settings.rules.length === 0) return { outcome: "off" };
  const facts = await caseFacts(tx, workspaceId, caseId);
  if (!facts) return { outcome: "no_rule" };
  const decision = await decide(tx, workspaceId, settings, facts);
  if (!decision) return { outcome: "no_rule" };
  const { rule, to, queue } = decision;
  if (queue !== null) return { outcome: "queued", ruleId: rule.id, queue };
  if (to === null) return { outcome: "no_one_available", ruleId: rule.id };
  const taken = rowsOf(
    await tx.execute(sql`
      update monitoring_alerts set assignee_id = ${to}, assigned_at = now()
      where workspace_id = ${workspaceId} and id = ${alertId} and assignee_id is null
      returning id`),
  );
  if (taken.length === 0) return { outcome: "assigned_already" };
  await recordEvents(tx, [
    {
      workspaceId,
      type: "alert.assigned",
      actor: null,
      caseId,
      data: { alertId, from: null, to, takenOver: false, by: "routing", rule: { id: rule.id, name: rule.name }, mode: settings.mode },
    },
  ]);
  return { outcome: "assigned", ruleId: rule.id, to };
}
