import { NextResponse } from "next/server";
import { getAiSummary } from "@/lib/api/verifications";
import { ApiError } from "@/lib/api/errors";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { withMutation } from "@/lib/bff/with-mutation";
import type { AiSummaryState } from "@/lib/verifications/ai-summary-view";
import { isVerificationId } from "@/lib/verifications/id";

const NOT_FOUND = "Verificação não encontrada.";
const NO_STORE = { "cache-control": "no-store" };

/** The service's 404 and 409 answers that say why there is no summary (server/v2/summary/routes.ts). */
function stateOf(error: unknown): AiSummaryState | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404 && /^AI summary not available/.test(error.message)) return { state: "disabled" };
  if (error.status !== 409) return null;
  if (/ANALYZING|being made/.test(error.message)) return { state: "analyzing" };
  if (/profileId|engine verification/.test(error.message)) return { state: "legacy" };
  return { state: "not_completed" };
}

// GET /bff/verifications/:id/ai-summary – the stored summary, or why there is none. Reads only
// (make=false): opening a case never makes a summary.
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    let body: AiSummaryState;
    try {
      const summary = await getAiSummary(token, params.id, { make: false, signal: request.signal });
      body = summary ? { state: "ready", summary } : { state: "not_made" };
    } catch (error) {
      const state = stateOf(error);
      if (!state) throw error;
      body = state;
    }
    return NextResponse.json(body, { headers: NO_STORE });
  },
  { notFoundMessage: NOT_FOUND },
);

// POST /bff/verifications/:id/ai-summary – "Gerar resumo": the service makes the summary and stores it
// (its GET makes one on the first call for verifications:write) and answers it.
export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const summary = await getAiSummary(token, params.id, { make: true, signal: request.signal });
    if (!summary) return bffError(502, "service_unavailable", "Serviço indisponível no momento. Tente novamente em instantes.");
    const body: AiSummaryState = { state: "ready", summary };
    return NextResponse.json(body, { status: 201, headers: NO_STORE });
  },
  {
    notFoundMessage: NOT_FOUND,
    messages: {
      403: "Seu papel não permite gerar o resumo da IA.",
      409: "O resumo só pode ser gerado para uma verificação concluída, criada com um perfil de score.",
    },
  },
);
