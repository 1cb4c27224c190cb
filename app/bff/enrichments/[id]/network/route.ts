import { networkHandler } from "@/lib/network/bff-handlers";
import { isEnrichmentId } from "@/lib/enrichments/id";

// GET /bff/enrichments/:id/network – the enrichment's lawsuit network, laid out for the graph.
export const GET = networkHandler("enrichment", isEnrichmentId, "Enriquecimento não encontrado.");
