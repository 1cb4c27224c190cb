import { reviewFetch } from "@/lib/api/review";
import { getAiSummary } from "@/lib/api/verifications";
import { CASE_NOT_FOUND, casePath, caseNotFound, json } from "@/lib/bff/review-case";
import { bffError } from "@/lib/bff/errors";
import { withMutation } from "@/lib/bff/with-mutation";
import type { AiSummaryState } from "@/lib/verifications/ai-summary-view";
import { isVerificationId } from "@/lib/verifications/id";

// POST /bff/verifications/:id/ai-summary/regenerate – "Gerar novamente": the review API makes a
// new summary, replaces the stored one, clears its staleness and records it; the panel then shows
// the stored summary as the v2 route answers it.
export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    await reviewFetch(casePath(params.id, "/ai-summary"), { method: "POST", token, timeoutMs: 60_000 });
    const summary = await getAiSummary(token, params.id, { make: false, signal: request.signal });
    if (!summary) return bffError(502, "service_unavailable", "Serviço indisponível no momento. Tente novamente em instantes.");
    const body: AiSummaryState = { state: "ready", summary };
    return json(body, 201);
  },
  {
    notFoundMessage: CASE_NOT_FOUND,
    messages: {
      403: "Seu papel não permite gerar o resumo da IA.",
      409: "O resumo só pode ser gerado para uma verificação concluída, criada com um perfil de score.",
    },
  },
);
