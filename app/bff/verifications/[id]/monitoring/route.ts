import { bffError } from "@/lib/bff/errors";
import { CASE_NOT_FOUND, casePath, caseNotFound, json, loadCaseReview } from "@/lib/bff/review-case";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { reviewFetch } from "@/lib/api/review";
import { isVerificationId } from "@/lib/verifications/id";

// PUT /bff/verifications/:id/monitoring – {enabled}: "Monitorar" switches the case on or off over
// the workspace's scope (admins; recorded as case.monitoring_changed). Answers the case's review
// state again, its `monitoring` included.
export const PUT = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const enabled = ((await readJson(request)) as { enabled?: unknown } | null)?.enabled;
    if (typeof enabled !== "boolean") return bffError(400, "invalid_request", "Diga se o monitoramento liga ou desliga.");
    await reviewFetch(casePath(params.id, "/monitoring"), { method: "PUT", token, body: { enabled } });
    return json(await loadCaseReview(token, params.id, request.signal));
  },
  { notFoundMessage: CASE_NOT_FOUND, messages: { 403: "Só administradores ligam ou desligam o monitoramento de um caso." } },
);
