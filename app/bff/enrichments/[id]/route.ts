import { NextResponse } from "next/server";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { isEnrichmentId } from "@/lib/enrichments/id";
import { readEnrichmentDetail } from "@/lib/enrichments/read";

// GET /bff/enrichments/:id – the detail page: states, module data and the API's Retry-After.
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isEnrichmentId(params.id)) return bffError(404, "not_found", "Enriquecimento não encontrado.");
    const detail = await readEnrichmentDetail(token, params.id, request.signal);
    return NextResponse.json(detail, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: "Enriquecimento não encontrado." },
);
