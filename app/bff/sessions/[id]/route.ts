import { reviewExchange } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withMutation } from "@/lib/bff/with-mutation";
import { isUuid, SESSION_MESSAGES } from "@/lib/api-keys/bff";

// DELETE /bff/sessions/:id – ends one of the signed-in person's sessions.
export const DELETE = withMutation<{ id: string }>(
  async (_request, { token, params }) => {
    if (!isUuid(params.id)) return bffError(404, "not_found", SESSION_MESSAGES.notFound);
    await reviewExchange(`/sessions/${params.id}`, { method: "DELETE", token });
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: SESSION_MESSAGES.notFound },
);
