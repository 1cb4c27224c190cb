import { withAccessToken } from "@/lib/bff/with-access-token";
import { CASE_NOT_FOUND, caseNotFound, json, loadCaseReview } from "@/lib/bff/review-case";
import { isVerificationId } from "@/lib/verifications/id";

// GET /bff/verifications/:id/review – the case's review state (assignee, SLA, risk flags, pending
// four-eyes proposal, AI summary staleness), the decision catalog and the caller's id.
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    return json(await loadCaseReview(token, params.id, request.signal));
  },
  { notFoundMessage: CASE_NOT_FOUND },
);
