import type { Metadata } from "next";
import { Suspense } from "react";
import { RulesGate } from "@/components/rules/rules-gate";
import { RulesPageClient } from "@/components/rules/rules-page-client";

export const metadata: Metadata = { title: "Regras" };

// GET /rules – each scoring profile's rule set versions with their state (issue 31, item 6).
export default function RulesPage() {
  return (
    <RulesGate>
      {(canEdit) => (
        <Suspense>
          <RulesPageClient canEdit={canEdit} />
        </Suspense>
      )}
    </RulesGate>
  );
}
