import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withMutation } from "@/lib/bff/with-mutation";
import { isUuid, SESSION_MESSAGES } from "@/lib/api-keys/bff";

// DELETE /bff/members/:userId/sessions – an admin ends every session of a person: {ended}.
export const DELETE = withMutation<{ userId: string }>(
  async (_request, { token, params }) => {
    if (!isUuid(params.userId)) return bffError(404, "not_found", SESSION_MESSAGES.memberNotFound);
    const body = await reviewFetch<unknown>(`/members/${params.userId}/sessions`, { method: "DELETE", token });
    return NextResponse.json(body, { headers: { "cache-control": "private, no-store" } });
  },
  { notFoundMessage: SESSION_MESSAGES.memberNotFound, messages: { 403: SESSION_MESSAGES.forbidden } },
);
