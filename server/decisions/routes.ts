// The decisions room's review routes (registered by server/review/routes.ts with the other rooms'):
// POST /api/review/v1/cases/{id}/second-review – confirm or overturn a proposed decision (issue 19)
// A decision itself is the v2 feedback route's (server/v2/feedback/routes.ts, an interface route)
// and the review's bulk decide (server/review/cases/bulk.ts): both record it through store.ts.
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";
import { route } from "../http/route";
import { V3ErrorBody } from "../../lib/contract/error-bodies";
import { SecondReviewBody, SecondReviewResult } from "../../lib/contract/review";
import { CaseIdParams, caseId } from "../review/cases/params";
import { secondReview } from "./proposals";

// the queue's tag, as before the room had its own: the reference groups every case route together
const tags = ["review cases"];

export function registerDecisionRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/:id/second-review",
    permission: "review:write",
    tags,
    summary: "Confirm or overturn a proposed decision (four-eyes)",
    description:
      "{confirm, comment, acknowledgedFlags?}. By an admin or analyst other than the proposer (403 for the proposer). Confirming needs the same " +
      "acknowledgedFlags as the decision itself. 409 no_pending_proposal when nothing awaits. Records decision.confirmed or decision.overturned.",
    params: CaseIdParams,
    body: SecondReviewBody,
    response: { 200: SecondReviewResult, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const id = caseId(params.id);
      const result = await secondReview(s.db, caller, id, body, request.id);
      s.records.invalidate(id);
      return result;
    },
  });
}
