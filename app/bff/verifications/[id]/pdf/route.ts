import { fetchVerificationPdf } from "@/lib/api/verifications";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { isVerificationId } from "@/lib/verifications/id";

// GET /bff/verifications/:id/pdf – the verification's PDF report, streamed from the service as it
// arrives, as a download. Every role that reads verifications may download it.
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", "Verificação não encontrada.");
    const upstream = await fetchVerificationPdf(token, params.id, request.signal);
    const headers = new Headers({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="verificacao-${params.id}.pdf"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    const length = upstream.headers.get("content-length");
    if (length) headers.set("content-length", length);
    return new Response(upstream.body, { status: 200, headers });
  },
  { notFoundMessage: "Verificação não encontrada.", auditedRead: true },
);
