// GET /api/review/v1/usage/daily (issue 20, item 11): the workspace's billed actions per São Paulo
// day and per action over a period of up to 31 days, in one request and one statement. /usage
// asked GET /api/v3/usage once per day (30 requests one after another); the console's BFF uses
// this route when the review API is there and keeps the per-day calls for a bare deployment.
// Roles as the review API: admin, analyst and viewer read; integration is refused (403).
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { USAGE_MAX_DAYS, UsageDaily } from "../../../lib/contract/review";

/** São Paulo has kept UTC-3 all year since 2019; the console's days use the same offset (lib/enrichments/filters.ts). */
const OFFSET = "-03:00";
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Documents the parameters; parseQuery gives each its own code (invalid_from, invalid_to, invalid_date_range). */
const UsageDailyQuery = z.strictObject({
  from: z.string().describe("First day, YYYY-MM-DD (São Paulo), required"),
  to: z.string().describe(`Last day, inclusive, YYYY-MM-DD (São Paulo), required; at most ${USAGE_MAX_DAYS} days after from`),
});

function day(value: unknown): string | null {
  if (typeof value !== "string" || !DAY.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
}

/** The days from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (const d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1))
    out.push(d.toISOString().slice(0, 10));
  return out;
}

function parseQuery(raw: unknown): { from: string; to: string; days: string[] } {
  const q = raw as Record<string, unknown>;
  const from = day(q.from);
  if (!from) throw new ApiError("invalid_from", "from must be a date YYYY-MM-DD");
  const to = day(q.to);
  if (!to) throw new ApiError("invalid_to", "to must be a date YYYY-MM-DD");
  if (from > to) throw new ApiError("invalid_date_range", "from must be on or before to");
  const days = daysOf(from, to);
  if (days.length > USAGE_MAX_DAYS) throw new ApiError("invalid_date_range", `the period may have at most ${USAGE_MAX_DAYS} days`);
  return { from, to, days };
}

export async function usageDaily(db: Db, workspaceId: string, q: { from: string; to: string; days: string[] }): Promise<UsageDaily> {
  const start = new Date(`${q.from}T00:00:00${OFFSET}`);
  const end = new Date(new Date(`${q.to}T00:00:00${OFFSET}`).getTime() + 86_400_000);
  // the day's index from the period's first São Paulo midnight: arithmetic on the epoch, cheaper
  // per row than formatting each timestamp as a date
  const result = await db.execute(sql`
    select floor((extract(epoch from created_at) - ${start.getTime() / 1000}) / 86400)::int as d, action, count(*)::int as n
    from billing_entries
    where workspace_id = ${workspaceId} and created_at >= ${start.toISOString()} and created_at < ${end.toISOString()}
    group by 1, 2`);
  const rows = (result as unknown as { rows: Array<{ d: number | string; action: string; n: number | string }> }).rows.map((r) => ({
    day: q.days[Number(r.d)] ?? "",
    action: r.action,
    n: r.n,
  }));
  const byDay = new Map(q.days.map((d) => [d, { day: d, counts: {} as Record<string, number>, total: 0 }]));
  const totals: Record<string, number> = {};
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    const n = Number(row.n);
    entry.counts[row.action] = n;
    entry.total += n;
    totals[row.action] = (totals[row.action] ?? 0) + n;
  }
  const actions = Object.keys(totals).sort();
  return {
    from: q.from,
    to: q.to,
    timeZone: "America/Sao_Paulo",
    actions,
    days: [...byDay.values()],
    totals: Object.fromEntries(actions.map((a) => [a, totals[a]!])),
    total: Object.values(totals).reduce((a, b) => a + b, 0),
  };
}

export function registerUsageRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/usage/daily",
    permission: "review:read",
    tags: ["review usage"],
    summary: "Billed actions per day and per action (São Paulo days)",
    description:
      `from and to (YYYY-MM-DD, inclusive, at most ${USAGE_MAX_DAYS} days): every day of the period with its count per action, ` +
      "and the totals. 400 invalid_from / invalid_to for a missing or malformed day, invalid_date_range when from is after to " +
      "or the period is too long; another query parameter is invalid_parameter.",
    query: { schema: UsageDailyQuery, parse: parseQuery },
    response: { 200: UsageDaily, 400: V3ErrorBody },
    handler: async ({ query, caller }) => usageDaily(s.db, caller.workspaceId, query),
  });
}
