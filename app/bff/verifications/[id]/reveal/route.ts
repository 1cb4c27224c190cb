import { getCapabilities, reviewFetch } from "@/lib/api/review";
import { getVerification } from "@/lib/api/verifications";
import { CASE_NOT_FOUND, casePath, caseNotFound, json } from "@/lib/bff/review-case";
import { withMutation } from "@/lib/bff/with-mutation";
import { formatDocument } from "@/lib/contract/documents";
import { isVerificationId } from "@/lib/verifications/id";

// POST /bff/verifications/:id/reveal – "Mostrar documento completo": the holder's full document,
// {formatted}. Every other answer of the BFF carries it masked. With the review API the service
// records who revealed it (document.revealed); a deployment of the bare interface has no such
// route, and the document is read from the v2 record as before.
export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const capabilities = await getCapabilities(token, request.signal);
    if (capabilities?.features.includes("reveal")) {
      const revealed = await reviewFetch<{ formatted: string }>(casePath(params.id, "/reveal"), { method: "POST", token });
      return json({ formatted: revealed.formatted, recorded: true });
    }
    const record = await getVerification(token, params.id, request.signal);
    let formatted = record.nationalId;
    try {
      formatted = formatDocument(record.nationalId) || record.nationalId;
    } catch {
      // shown as stored
    }
    return json({ formatted, recorded: false });
  },
  { notFoundMessage: CASE_NOT_FOUND },
);
