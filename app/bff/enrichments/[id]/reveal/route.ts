import { getCapabilities, reviewFetch } from "@/lib/api/review";
import { getEnrichmentRoot } from "@/lib/api/enrichments";
import { json } from "@/lib/bff/review-case";
import { bffError } from "@/lib/bff/errors";
import { withMutation } from "@/lib/bff/with-mutation";
import { formatDocument } from "@/lib/contract/documents";
import { isEnrichmentId } from "@/lib/enrichments/id";

// POST /bff/enrichments/:id/reveal – "Mostrar documento completo" on the enrichment page: the
// subject's full document, {formatted, recorded}. Every other answer of the BFF carries it masked.
// With the review API the service records who revealed it (document.revealed, of: enrichment); a
// deployment of the bare interface has no such route, and the document is read from the v3 record,
// unrecorded, as the case page does.
const NOT_FOUND = "Enriquecimento não encontrado.";

export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isEnrichmentId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const capabilities = await getCapabilities(token, request.signal);
    if (capabilities?.features.includes("reveal")) {
      const revealed = await reviewFetch<{ formatted: string }>(`/enrichments/${encodeURIComponent(params.id)}/reveal`, {
        method: "POST",
        token,
      });
      return json({ formatted: revealed.formatted, recorded: true });
    }
    const record = await getEnrichmentRoot(token, params.id, request.signal);
    let formatted = record.document;
    try {
      formatted = formatDocument(record.document) || record.document;
    } catch {
      // shown as stored
    }
    return json({ formatted, recorded: false });
  },
  { notFoundMessage: NOT_FOUND },
);
