import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { isRulesetId } from "@/lib/rules/bff-errors";

const NOT_FOUND = "Simulação não encontrada.";

// GET /bff/rules/backtests/:id – a backtest ("Simular"): its state and progress, then its result (everyone who reads rules).
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isRulesetId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const body = await reviewFetch<unknown>(`/backtests/${params.id}`, { token, signal: request.signal });
    return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_FOUND },
);
