import { NextResponse } from "next/server";
import { reviewExchange, reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { UpdateWebhookBody, type Webhook } from "@/lib/contract/webhooks";
import { isWebhookId, webhooksError } from "@/lib/webhooks/bff-errors";

// PATCH /bff/webhooks/{id} {url?, events?, description?, state?: "active"} – change or resume (admins).
// DELETE /bff/webhooks/{id} – delete it with its deliveries.
export const PATCH = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isWebhookId(params.id)) return bffError(404, "not_found", "Webhook não encontrado.");
    const parsed = UpdateWebhookBody.safeParse(await readJson(request));
    if (!parsed.success) return bffError(400, "invalid_request", "Alteração inválida.");
    try {
      const body = await reviewFetch<Webhook>(`/webhooks/${params.id}`, { method: "PATCH", token, body: parsed.data });
      return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return webhooksError(error);
    }
  },
  { notFoundMessage: "Webhook não encontrado." },
);

export const DELETE = withMutation<{ id: string }>(
  async (_request, { token, params }) => {
    if (!isWebhookId(params.id)) return bffError(404, "not_found", "Webhook não encontrado.");
    await reviewExchange<null>(`/webhooks/${params.id}`, { method: "DELETE", token });
    return new NextResponse(null, { status: 204 });
  },
  { notFoundMessage: "Webhook não encontrado." },
);
