import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { Suspense } from "react";
import { BatchPageClient } from "@/components/enrichments/batch-page-client";
import { loadProfiles } from "@/lib/enrichments/profiles";

export const metadata: Metadata = { title: "Lote de enriquecimentos" };
export const dynamic = "force-dynamic";

// GET /enrichments/batch – upload a CSV of up to 500 documents; with ?batchId= the batch's progress.
export default async function BatchPage() {
  const profiles = await loadProfiles();
  return (
    <Suspense>
      <BatchPageClient profiles={profiles} submissionKey={randomUUID()} />
    </Suspense>
  );
}
