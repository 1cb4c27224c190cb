// GET /api/v2/verifications/:id/ai-summary (spec 3.1, 4.2; docs/decisions.md, "AI summary").
import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import type { Services } from "../../context";
import { verifications } from "../../db/schema";
import { can } from "../../auth/permissions";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V2ErrorBody } from "../../../lib/contract/error-bodies";
import { AiSummarySchema } from "../../ai/types";
import { z } from "zod";
import { VerificationIdParams } from "../verifications/schemas";
import { makeSummary, readSummary, summaryAllowed } from "./generate";
import { actorOf } from "../../review/audit/record";

export function registerSummaryRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/v2/verifications/:id/ai-summary",
    permission: "verifications:read",
    tags: ["v2 verifications"],
    summary: "AI summary of a verification",
    description:
      "The stored summary, or, on the first call, a summary made now and stored (needs verifications:write). " +
      "409 when the verification is not a completed engine verification; 404 when AI is disabled for its profile and was not requested. " +
      "Beyond the spec: `make=false` only reads: a summary that could be made but was not made yet answers 204 (for every role).",
    params: VerificationIdParams,
    query: z.object({ make: z.enum(["true", "false"]).optional() }),
    response: { 200: AiSummarySchema, 204: z.null(), 400: V2ErrorBody, 403: V2ErrorBody, 404: V2ErrorBody, 409: V2ErrorBody },
    handler: async ({ params, query, caller, reply, request }) => {
      const [row] = await s.db
        .select()
        .from(verifications)
        .where(and(eq(verifications.workspaceId, caller.workspaceId), eq(verifications.id, params.id)));
      if (!row) throw new ApiError("not_found", "verification not found");
      if (!row.profileId) throw new ApiError("conflict", "The AI summary needs an engine verification (one created with profileId)");
      const stored = await readSummary(s.db, caller.workspaceId, row.id);
      if (stored) return stored;
      if (!(await summaryAllowed(s.db, row))) {
        throw new ApiError(
          "not_found",
          "AI summary not available: AI is disabled for this verification's profile and verifications.ia.resume was not requested",
        );
      }
      if (row.status === "ANALYZING")
        throw new ApiError("conflict", "The AI summary is being made; the verification is ANALYZING, try again in a few seconds");
      if (row.status !== "COMPLETED")
        throw new ApiError(
          "conflict",
          `The verification is not completed (status ${row.status}); the AI summary needs a completed verification`,
        );
      // a read-only probe (the console's panel): none made yet, and this call makes none
      if (query.make === "false") return reply.status(204).send();
      if (!can(caller.role, "verifications:write")) {
        throw new ApiError(
          "forbidden",
          "No AI summary was made for this verification yet, and making one needs the verifications:write permission",
        );
      }
      return makeSummary(s, row, actorOf(caller), request.id);
    },
  });
}
