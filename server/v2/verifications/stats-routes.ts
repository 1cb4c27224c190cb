// GET /api/v2/verifications/stats – the workspace's figures over a range of creation dates (beyond the spec)
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V2ErrorBody } from "../../../lib/contract/error-bodies";
import { VerificationStats } from "../../../lib/contract/verification-stats";
import { verificationStats } from "./stats";

const instant = z.iso.datetime({ offset: true }).transform((text) => new Date(text));

export const StatsQuery = z.object({ from: instant.optional(), to: instant.optional() }).strict();

export function registerVerificationStatsRoute(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/v2/verifications/stats",
    permission: "verifications:read",
    tags: ["v2 verifications"],
    summary: "Figures of the workspace's verifications (beyond the spec)",
    description:
      "Counts by status and by latest decision, a score histogram in bins of 100 and decisions per UTC day, " +
      "for verifications created in [from, to). Both bounds are optional ISO 8601 instants. `incomplete` counts the " +
      "verifications stuck now (spec 3.1), whatever the range.",
    query: StatsQuery,
    response: { 200: VerificationStats, 400: V2ErrorBody },
    handler: async ({ query, caller }) => {
      if (query.from && query.to && query.from > query.to) throw new ApiError("invalid_parameter", "from must not be after to");
      return verificationStats(s.db, caller.workspaceId, { from: query.from, to: query.to });
    },
  });
}
