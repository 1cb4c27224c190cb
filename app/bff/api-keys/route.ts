import { NextResponse } from "next/server";
import { reviewExchange, reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { API_KEY_MESSAGES } from "@/lib/api-keys/bff";
import { API_KEY_NAME_MAX } from "@/lib/contract/api-keys-limits";

// GET  /bff/api-keys – the workspace's API keys (admins), never a secret.
// POST /bff/api-keys {name, expiresAt?} – a new integration key; the answer carries its secret
//   this once (no-store), for the page to show with its copy button.
export const GET = withAccessToken(async (request, { token }) => {
  const body = await reviewFetch<unknown>("/api-keys", { token, signal: request.signal });
  return NextResponse.json(body, { headers: { "cache-control": "private, no-store" } });
});

export const POST = withMutation(
  async (request, { token }) => {
    const input = (await readJson(request)) as { name?: unknown; expiresAt?: unknown } | null;
    const name = typeof input?.name === "string" ? input.name.trim() : "";
    const expiresAt = typeof input?.expiresAt === "string" && input.expiresAt !== "" ? input.expiresAt : undefined;
    if (!name || name.length > API_KEY_NAME_MAX || (expiresAt !== undefined && Number.isNaN(Date.parse(expiresAt))))
      return bffError(400, "invalid_request", API_KEY_MESSAGES.invalid);
    const answer = await reviewExchange<unknown>("/api-keys", { method: "POST", token, body: { name, role: "integration", expiresAt } });
    return NextResponse.json(answer.body, { status: 201, headers: { "cache-control": "private, no-store" } });
  },
  { messages: { 400: API_KEY_MESSAGES.invalid, 403: API_KEY_MESSAGES.forbidden, 409: API_KEY_MESSAGES.limit } },
);
