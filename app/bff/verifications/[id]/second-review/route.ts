import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { CASE_NOT_FOUND, casePath, caseNotFound, json, loadCaseReview, textField } from "@/lib/bff/review-case";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { RISK_FLAGS } from "@/lib/contract/review";
import { isVerificationId } from "@/lib/verifications/id";

// POST /bff/verifications/:id/second-review – {confirm, comment, acknowledgedFlags?}: a second
// reviewer confirms or overturns a four-eyes proposal. Answers the case's review state again.
export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const body = (await readJson(request)) as { confirm?: unknown; acknowledgedFlags?: unknown } | null;
    const comment = textField(body, "comment");
    if (typeof body?.confirm !== "boolean") return bffError(400, "invalid_request", "Escolha entre confirmar e recusar a decisão.");
    if (!comment) return bffError(400, "invalid_request", "Escreva um comentário para a 2ª revisão.");
    if (comment.length > 2000) return bffError(400, "invalid_request", "O comentário tem no máximo 2.000 caracteres.");
    const flags = Array.isArray(body.acknowledgedFlags)
      ? body.acknowledgedFlags.filter((f): f is string => (RISK_FLAGS as readonly unknown[]).includes(f))
      : [];
    await reviewFetch(casePath(params.id, "/second-review"), {
      method: "POST",
      token,
      body: { confirm: body.confirm, comment, ...(flags.length ? { acknowledgedFlags: flags } : {}) },
    });
    return json(await loadCaseReview(token, params.id, request.signal));
  },
  {
    notFoundMessage: CASE_NOT_FOUND,
    messages: {
      400: "A 2ª revisão não foi aceita: os sinais de risco do caso mudaram. Recarregue a página e confira.",
      403: "Quem propôs a decisão não pode fazer a 2ª revisão; peça a outra pessoa.",
      409: "Não há decisão aguardando 2ª revisão neste caso.",
    },
  },
);
