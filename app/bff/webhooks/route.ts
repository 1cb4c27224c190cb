import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { CreateWebhookBody, type WebhookWithSecret } from "@/lib/contract/webhooks";
import { webhooksError } from "@/lib/webhooks/bff-errors";

// GET /bff/webhooks – the workspace's webhook endpoints (admins).
// POST /bff/webhooks {url, events, description} – creates one; the answer carries the secret, once.
export const GET = withAccessToken(async (request, { token }) => {
  const body = await reviewFetch<unknown>("/webhooks", { token, signal: request.signal });
  return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
});

export const POST = withMutation(async (request, { token }) => {
  const parsed = CreateWebhookBody.safeParse(await readJson(request));
  if (!parsed.success) return bffError(400, "invalid_request", "Informe a URL e ao menos um evento (descrição até 500 caracteres).");
  try {
    const created = await reviewFetch<WebhookWithSecret>("/webhooks", { method: "POST", token, body: parsed.data });
    return NextResponse.json(created, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (error) {
    return webhooksError(error);
  }
});
