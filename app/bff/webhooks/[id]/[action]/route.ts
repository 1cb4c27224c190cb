import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { ReplayBody } from "@/lib/contract/webhooks";
import { isWebhookId, webhooksError } from "@/lib/webhooks/bff-errors";

// POST /bff/webhooks/{id}/rotate-secret – a new secret (shown once; the old one signs 24 h more).
// POST /bff/webhooks/{id}/test – a ping. POST /bff/webhooks/{id}/replay {from, to} – a range again.
const ACTIONS = new Set(["rotate-secret", "test", "replay"]);

export const POST = withMutation<{ id: string; action: string }>(
  async (request, { token, params }) => {
    if (!isWebhookId(params.id) || !ACTIONS.has(params.action)) return bffError(404, "not_found", "Webhook não encontrado.");
    let body: unknown;
    if (params.action === "replay") {
      const parsed = ReplayBody.safeParse(await readJson(request));
      if (!parsed.success) return bffError(400, "invalid_request", "Informe o início e o fim do período.");
      body = parsed.data;
    }
    try {
      const answer = await reviewFetch<unknown>(`/webhooks/${params.id}/${params.action}`, { method: "POST", token, body });
      return NextResponse.json(answer, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return webhooksError(error);
    }
  },
  { notFoundMessage: "Webhook não encontrado." },
);
