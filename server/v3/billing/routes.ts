// GET /api/v3/usage – billed actions of the caller's workspace counted per action (?from&to, RFC 3339; admin only)
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { caller } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { jsonSchema } from "../../http/validate";
import { usageReport } from "../../admin/usage";
import { parseRfc3339 } from "../enrichments/timestamps";

const Usage = z.object({
  workspaceId: z.string(), from: z.string().nullable(), to: z.string().nullable(),
  actions: z.array(z.object({ action: z.string(), count: z.number() })), total: z.number(),
});

export function registerUsageRoute(app: FastifyInstance, s: Services): void {
  app.get("/api/v3/usage", {
    config: { permission: "billing:read" },
    schema: { tags: ["v3 billing"], summary: "Billing usage per action (from inclusive, to exclusive)", response: { 200: jsonSchema(Usage) } },
  }, async (request) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(q).filter((k) => k !== "from" && k !== "to");
    if (unknown.length > 0) throw new ApiError("invalid_body", `Unknown query parameter(s): ${unknown.slice(0, 5).map((k) => k.slice(0, 40)).join(", ")}`);
    const from = q.from === undefined ? null : parseRfc3339(q.from);
    if (q.from !== undefined && !from) throw new ApiError("invalid_from", "from must be an RFC 3339 date-time with offset");
    const to = q.to === undefined ? null : parseRfc3339(q.to);
    if (q.to !== undefined && !to) throw new ApiError("invalid_to", "to must be an RFC 3339 date-time with offset");
    if (from && to && from >= to) throw new ApiError("invalid_date_range", "from must be before to");
    return usageReport(s.db, caller(request).workspaceId, from, to);
  });
}
