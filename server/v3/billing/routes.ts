// GET /api/v3/usage – billed actions of the caller's workspace counted per action (?from&to, RFC 3339; admin only)
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { usageReport } from "../../admin/usage";
import { parseRfc3339 } from "../enrichments/timestamps";
import { Usage, V3ErrorBody } from "../../../lib/contract";

/** Documents the parameters; parseUsageQuery gives each its own code (invalid_from, invalid_to). */
const UsageQuery = z.strictObject({
  from: z.string().optional().describe("RFC 3339 date-time with offset, inclusive"),
  to: z.string().optional().describe("RFC 3339 date-time with offset, exclusive"),
});

function parseUsageQuery(raw: unknown): { from: Date | null; to: Date | null } {
  const q = raw as Record<string, unknown>;
  const from = q.from === undefined ? null : parseRfc3339(q.from);
  if (q.from !== undefined && !from) throw new ApiError("invalid_from", "from must be an RFC 3339 date-time with offset");
  const to = q.to === undefined ? null : parseRfc3339(q.to);
  if (q.to !== undefined && !to) throw new ApiError("invalid_to", "to must be an RFC 3339 date-time with offset");
  if (from && to && from >= to) throw new ApiError("invalid_date_range", "from must be before to");
  return { from, to };
}

export function registerUsageRoute(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/v3/usage",
    permission: "billing:read",
    tags: ["v3 billing"],
    summary: "Billing usage per action (from inclusive, to exclusive)",
    query: { schema: UsageQuery, parse: parseUsageQuery },
    response: { 200: Usage, 400: V3ErrorBody },
    handler: async ({ query, caller }) => usageReport(s.db, caller.workspaceId, query.from, query.to),
  });
}
