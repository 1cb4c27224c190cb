import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { isWebhookId } from "@/lib/webhooks/bff-errors";

// GET /bff/webhooks/{id}/deliveries?state=&cursor= – the delivery log, newest first, with each attempt.
const STATES = new Set(["pending", "delivered", "failed"]);

export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isWebhookId(params.id)) return bffError(404, "not_found", "Webhook não encontrado.");
    const state = request.nextUrl.searchParams.get("state") || undefined;
    if (state !== undefined && !STATES.has(state)) return bffError(400, "invalid_request", "Situação de entrega desconhecida.");
    const cursor = request.nextUrl.searchParams.get("cursor") || undefined;
    const body = await reviewFetch<unknown>(`/webhooks/${params.id}/deliveries`, {
      token,
      signal: request.signal,
      query: { state, cursor, limit: "20" },
    });
    return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: "Webhook não encontrado." },
);
