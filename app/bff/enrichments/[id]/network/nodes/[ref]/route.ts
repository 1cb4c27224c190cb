import { nodeHandler } from "@/lib/network/bff-handlers";
import { isEnrichmentId } from "@/lib/enrichments/id";

// GET /bff/enrichments/:id/network/nodes/:ref – one node's lawsuits (side panel of the graph).
export const GET = nodeHandler("enrichment", isEnrichmentId);
