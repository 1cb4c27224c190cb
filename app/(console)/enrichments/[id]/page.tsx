import type { Metadata } from "next";
import { EnrichmentDetailClient } from "@/components/enrichments/enrichment-detail-client";

export const metadata: Metadata = { title: "Enriquecimento" };

// GET /enrichments/:id – one enrichment, kept fresh while it runs.
export default async function EnrichmentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EnrichmentDetailClient id={id} />;
}
