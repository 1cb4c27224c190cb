import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { CASE_NOT_FOUND, casePath, caseNotFound, json, loadCaseReview } from "@/lib/bff/review-case";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { isVerificationId } from "@/lib/verifications/id";

// PUT /bff/verifications/:id/assignee – {assign: "me" | null, takeOver?}: "Atribuir a mim",
// "Assumir o caso" (takeOver, recorded) or "Liberar". Answers the case's review state again (the
// review API's answer is a list item, with the document: it never reaches the browser).
export const PUT = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const body = (await readJson(request)) as { assign?: unknown; takeOver?: unknown } | null;
    if (body?.assign !== "me" && body?.assign !== null)
      return bffError(400, "invalid_request", "Escolha entre atribuir o caso a você ou liberá-lo.");
    const me = readAccessTokenClaims(token).sub;
    if (body.assign === "me" && !me) return bffError(401, "unauthorized", "Sessão expirada. Entre novamente.");
    await reviewFetch(casePath(params.id, "/assignee"), {
      method: "PUT",
      token,
      body: { userId: body.assign === "me" ? me : null, ...(body.takeOver === true ? { takeOver: true } : {}) },
    });
    return json(await loadCaseReview(token, params.id, request.signal));
  },
  {
    notFoundMessage: CASE_NOT_FOUND,
    messages: {
      403: "Este caso está com outra pessoa: assuma o caso para trabalhar nele.",
      422: "Só administradores e analistas ativos do workspace podem ser responsáveis por um caso.",
    },
  },
);
