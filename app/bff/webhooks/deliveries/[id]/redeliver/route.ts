import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withMutation } from "@/lib/bff/with-mutation";
import { isWebhookId, webhooksError } from "@/lib/webhooks/bff-errors";

// POST /bff/webhooks/deliveries/{id}/redeliver – "Reenviar": the delivery's event again, as a new delivery.
export const POST = withMutation<{ id: string }>(
  async (_request, { token, params }) => {
    if (!isWebhookId(params.id)) return bffError(404, "not_found", "Entrega não encontrada.");
    try {
      const body = await reviewFetch<unknown>(`/deliveries/${params.id}/redeliver`, { method: "POST", token });
      return NextResponse.json(body, { status: 202, headers: { "cache-control": "no-store" } });
    } catch (error) {
      return webhooksError(error);
    }
  },
  { notFoundMessage: "Entrega não encontrada." },
);
