import type { Metadata } from "next";
import { EnrichmentNetworkPage } from "@/components/enrichments/enrichment-network-page";

export const metadata: Metadata = { title: "Rede de processos" };

// GET /enrichments/:id/network – the enrichment's lawsuit network graph.
export default async function NetworkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EnrichmentNetworkPage id={id} />;
}
