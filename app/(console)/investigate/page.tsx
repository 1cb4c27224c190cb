import type { Metadata } from "next";
import { Suspense } from "react";
import { InvestigateGate } from "@/components/investigate/investigate-gate";
import { InvestigatePageClient } from "@/components/investigate/investigate-page-client";

export const metadata: Metadata = { title: "Investigação" };

// GET /investigate?node=|case=&snapshot= – the investigation graph (issue 33, item 4; docs/investigate.md).
export default function InvestigatePage() {
  return (
    <InvestigateGate>
      {(canSave) => (
        <Suspense>
          <InvestigatePageClient canSave={canSave} />
        </Suspense>
      )}
    </InvestigateGate>
  );
}
