// POST /api/v2/verifications/:id/feedbacks – record a decision on a terminal verification (201)
// GET  /api/v2/verifications/:id/feedbacks – the decision history, newest first (beyond the spec)
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V2ErrorBody } from "../../../lib/contract/error-bodies";
import { VerificationIdParams } from "../verifications/schemas";
import { CreateFeedbackBody, FeedbackList, FeedbackRecord } from "./schemas";
import { createFeedback, listFeedbacks } from "../../decisions/store";

const tags = ["v2 feedback"];

export function registerFeedbackRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST",
    url: "/api/v2/verifications/:id/feedbacks",
    permission: "feedback:write",
    tags,
    summary: "Record a decision on a verification",
    description:
      "status APPROVED, REPROVED, STANDBY or WAIVED, optional comment (up to 2000 characters) and reasons (up to 20, from the workspace's catalog: GET /api/review/v1/settings). Only on a COMPLETED or FAILED verification (409 otherwise), and at most 200 per verification (409 beyond). The latest decision is the record's `feedbackStatus` and `feedback`. " +
      'Beyond the spec (docs/decisions.md, "Review API"): approving a case with risk flags needs `acknowledgedFlags` listing exactly them (400 otherwise); a decision the workspace\'s four-eyes setting names answers 201 with `state: "proposed"` and takes effect once a second reviewer confirms it; the decider becomes the case\'s assignee.',
    params: VerificationIdParams,
    body: CreateFeedbackBody,
    status: 201,
    response: {
      201: FeedbackRecord.extend({
        state: z.literal("proposed").optional().describe("Present when four-eyes applies: the decision awaits its second review"),
      }),
      400: V2ErrorBody,
      403: V2ErrorBody,
      404: V2ErrorBody,
      409: V2ErrorBody,
    },
    handler: async ({ params, body, caller, request }) => {
      const feedback = await createFeedback(s.db, caller, params.id, body, request.id);
      s.records.invalidate(params.id); // this process reads its own write at once; the others by NOTIFY
      return feedback;
    },
  });

  route(app, {
    method: "GET",
    url: "/api/v2/verifications/:id/feedbacks",
    permission: "verifications:read",
    tags,
    summary: "Decision history of a verification (beyond the spec)",
    description: "Every feedback of the verification, newest first, with the author's e-mail.",
    params: VerificationIdParams,
    response: { 200: FeedbackList, 400: V2ErrorBody, 404: V2ErrorBody },
    handler: async ({ params, caller }) => {
      const feedbacks = await listFeedbacks(s.db, caller.workspaceId, params.id);
      if (!feedbacks) throw new ApiError("not_found", "verification not found");
      return { feedbacks };
    },
  });
}
