import { reviewExchange } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withMutation } from "@/lib/bff/with-mutation";
import { isVerificationId } from "@/lib/verifications/id";

const NOT_FOUND = "Visão não encontrada.";

// DELETE /bff/review/views/:id – removes a saved view (its author, or an admin).
export const DELETE = withMutation<{ id: string }>(
  async (_request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    await reviewExchange(`/views/${encodeURIComponent(params.id)}`, { method: "DELETE", token });
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_FOUND, messages: { 403: "Só quem criou a visão, ou um admin, pode excluí-la." } },
);
