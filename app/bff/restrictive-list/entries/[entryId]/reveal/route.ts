import { getCapabilities, reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { findEntryById } from "@/lib/bff/restrictive-case";
import { json } from "@/lib/bff/review-case";
import { withMutation } from "@/lib/bff/with-mutation";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";
import { formatDocument } from "@/lib/contract/documents";
import { parseListParams } from "@/lib/restrictive-list/entries";
import { isVerificationId } from "@/lib/verifications/id";

const NOT_LISTED = "Esta entrada não está mais na lista restritiva.";

// POST /bff/restrictive-list/entries/:entryId/reveal – "Mostrar documento completo" on the list:
// {formatted}. With the review API the service records who revealed it; against the bare
// interface the BFF reads it from the list as before.
export const POST = withMutation<{ entryId: string }>(
  async (request, { token, params }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    if (!isVerificationId(params.entryId)) return bffError(404, "not_found", NOT_LISTED);
    const capabilities = await getCapabilities(token, request.signal);
    if (capabilities?.features.includes("reveal")) {
      const revealed = await reviewFetch<{ formatted: string }>(`/restrictive-list/${encodeURIComponent(params.entryId)}/reveal`, {
        method: "POST",
        token,
      });
      return json({ formatted: revealed.formatted, recorded: true });
    }
    const entry = await findEntryById(token, workspaceId, params.entryId.toLowerCase(), parseListParams(request.nextUrl.searchParams));
    if (!entry) return bffError(404, "not_found", NOT_LISTED);
    return json({ formatted: formatDocument(entry.nationalId) || entry.nationalId, recorded: false });
  },
  { notFoundMessage: NOT_LISTED },
);
