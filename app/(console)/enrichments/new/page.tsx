import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { NewEnrichmentForm } from "@/components/enrichments/new-enrichment-form";
import { loadProfiles } from "@/lib/enrichments/profiles";

export const metadata: Metadata = { title: "Novo enriquecimento" };
export const dynamic = "force-dynamic";

// GET /enrichments/new – the form. The server draws this submission's key here; the BFF turns
// it into the Idempotency-Key, so repeated clicks of one submission create one enrichment.
export default async function NewEnrichmentPage() {
  const profiles = await loadProfiles();
  return <NewEnrichmentForm profiles={profiles} submissionKey={randomUUID()} />;
}
