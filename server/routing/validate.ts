// What the routing setting's zod contract cannot check alone (PUT /settings `routing`): every flag
// is a risk flag (400 invalid_body), every analyst an enabled admin or analyst of the workspace
// (422 invalid_assignee, as an assignment to someone else would be).
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";
import { ApiError } from "../http/errors";
import { RISK_FLAGS } from "../../lib/contract/review";
import type { RoutingRule } from "../../lib/contract/routing";

export async function checkRoutingRules(db: Db | Tx, workspaceId: string, rules: readonly RoutingRule[]): Promise<void> {
  for (const [i, rule] of rules.entries()) {
    const unknown = (rule.when.flags ?? []).filter((f) => !(RISK_FLAGS as readonly string[]).includes(f));
    if (unknown.length) throw new ApiError("invalid_body", `routing.rules[${i}].when.flags: unknown risk flag ${unknown.join(", ")}`);
  }
  const ids = [...new Set(rules.flatMap((r) => ("analysts" in r.to ? r.to.analysts.map((id) => id.toLowerCase()) : [])))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.workspaceId, workspaceId), eq(users.disabled, false), inArray(users.role, ["admin", "analyst"]), inArray(users.id, ids)),
    );
  const known = new Set(found.map((u) => u.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length)
    throw new ApiError("invalid_assignee", `routing: ${missing.length} analyst(s) are not enabled admins or analysts of the workspace`);
}

/** Analyst ids in lower case, as the database answers them (round_robin and least_loaded compare them). */
export function normalizeRules(rules: readonly RoutingRule[]): RoutingRule[] {
  return rules.map((r) => ("analysts" in r.to ? { ...r, to: { analysts: r.to.analysts.map((id) => id.toLowerCase()) } } : r));
}
