// GET /api/review/v1/enrichments/{id}: what the review API adds to a v3 enrichment, its modules'
// sources (issue 28). A case's sources are part of GET /api/review/v1/cases/{id} (cases/detail.ts).
// The v3 resource itself stays as the interface defines it.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { EnrichmentReview } from "../../../lib/contract/review";
import { isEnrichmentId } from "../../v3/enrichments/ids";
import { moduleSources } from "./read";

export function registerSourceRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/enrichments/:id",
    permission: "review:read",
    tags: ["review enrichments"],
    summary: "Where each module of a v3 enrichment got its data",
    description:
      "sources[]: per module, the provider that answered (receita, sandbox), the public data's release, the sanctions lists that added to it, " +
      "and a pt-BR label; modules left out for want of a source (LUPA_SANDBOX off) are `unavailable`. 404 for an enrichment of another workspace.",
    params: z.object({ id: z.string().max(100) }),
    response: { 200: EnrichmentReview, 404: V3ErrorBody },
    handler: async ({ params, caller }) => {
      const sources = isEnrichmentId(params.id) ? await moduleSources(s.db, caller.workspaceId, params.id) : null;
      if (!sources) throw new ApiError("not_found", "enrichment not found");
      return { id: params.id, sources };
    },
  });
}
