// POST /api/review/v1/cases/{id}/ai-summary (issue 19): "Gerar novamente". Makes the AI summary
// again and replaces the stored one (the v2 route then answers the new one), clears its staleness
// (set when the restrictive list changed for the document), sets the ai_disagrees flag from the new
// verdict, and records ai_summary.generated with regenerated: true, in one transaction. The new
// summary reads the workspace's restrictive list as it is now (the dossier keeps what held at
// completion, which the summary mentions beside it when they differ: issue 28, item 3).
import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import { verificationSummaries, verifications } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { AiSummarySchema } from "../../ai/types";
import { draftFor, summaryAllowed, toAiSummary } from "../../v2/summary/generate";
import { listedAmong } from "../../v2/blacklist/store";
import { callerEvent, recordEvent } from "../audit/record";
import { withVerdict } from "../flags";
import { getCaseRow, UUID } from "../cases/queries";

export function registerSummaryRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/:id/ai-summary",
    permission: "review:write",
    tags: ["review cases"],
    summary: "Make the AI summary again (recorded)",
    description:
      "Replaces the stored summary with a new one made now (the v2 ai-summary route then answers it) and clears its staleness. " +
      "409 conflict when the case is not a COMPLETED engine verification; 404 when AI is disabled for it. Records ai_summary.generated.",
    params: z.object({ id: z.string().max(100) }),
    response: { 200: AiSummarySchema, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, caller, request }) => {
      const row = UUID.test(params.id) ? await getCaseRow(s.db, caller.workspaceId, params.id.toLowerCase()) : null;
      if (!row) throw new ApiError("not_found", "case not found");
      if (!row.profileId || row.status !== "COMPLETED")
        throw new ApiError("conflict", "The AI summary needs a COMPLETED engine verification (one created with profileId)");
      if (!(await summaryAllowed(s.db, row))) throw new ApiError("not_found", "AI is disabled for this verification's profile");
      // the list as it is now, not as the dossier recorded it at completion (issue 28, item 3)
      const client = (await listedAmong(s.db, row.workspaceId, [row.nationalId])).has(row.nationalId);
      const summary = toAiSummary(row.id, await draftFor(s, row, { client }), new Date());
      return s.db.transaction(async (tx) => {
        const generatedAt = new Date(summary.generatedAt);
        await tx
          .insert(verificationSummaries)
          .values({ verificationId: row.id, workspaceId: row.workspaceId, summary, generatedAt })
          .onConflictDoUpdate({ target: verificationSummaries.verificationId, set: { summary, generatedAt, staleAt: null } });
        await tx
          .update(verifications)
          .set({ riskFlags: withVerdict(row.riskFlags, summary.verdict) })
          .where(and(eq(verifications.workspaceId, row.workspaceId), eq(verifications.id, row.id)));
        await recordEvent(
          tx,
          callerEvent(caller, request, "ai_summary.generated", {
            caseId: row.id,
            data: { regenerated: true, verdict: summary.verdict, model: summary.model },
          }),
        );
        return summary;
      });
    },
  });
}
