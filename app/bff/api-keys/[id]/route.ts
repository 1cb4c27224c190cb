import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withMutation } from "@/lib/bff/with-mutation";
import { API_KEY_MESSAGES, isUuid } from "@/lib/api-keys/bff";

// DELETE /bff/api-keys/:id – revokes the key (admins): refused by the API within a second.
export const DELETE = withMutation<{ id: string }>(
  async (_request, { token, params }) => {
    if (!isUuid(params.id)) return bffError(404, "not_found", API_KEY_MESSAGES.notFound);
    const body = await reviewFetch<unknown>(`/api-keys/${params.id}`, { method: "DELETE", token });
    return NextResponse.json(body, { headers: { "cache-control": "private, no-store" } });
  },
  { notFoundMessage: API_KEY_MESSAGES.notFound, messages: { 403: API_KEY_MESSAGES.forbidden, 409: API_KEY_MESSAGES.revoked } },
);
