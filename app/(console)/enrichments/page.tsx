import type { Metadata } from "next";
import { Suspense } from "react";
import { EnrichmentsPageClient } from "@/components/enrichments/enrichments-page-client";
import { loadProfiles } from "@/lib/enrichments/profiles";

export const metadata: Metadata = { title: "Enriquecimentos" };

// GET /enrichments – the v3 list; filters and cursor live in the URL.
export default async function EnrichmentsPage() {
  const profiles = await loadProfiles();
  return (
    <Suspense>
      <EnrichmentsPageClient profiles={profiles} />
    </Suspense>
  );
}
