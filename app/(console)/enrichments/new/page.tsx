import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { getServerSession } from "next-auth";
import { NewEnrichmentForm } from "@/components/enrichments/new-enrichment-form";
import { StateMessage } from "@/components/ui/state-message";
import { authOptions } from "@/lib/auth/options";
import { loadProfiles } from "@/lib/enrichments/profiles";
import { can } from "@/lib/permissions/can";

export const metadata: Metadata = { title: "Novo enriquecimento" };
export const dynamic = "force-dynamic";

// GET /enrichments/new – the form. The server draws this submission's key here; the BFF turns
// it into the Idempotency-Key, so repeated clicks of one submission create one enrichment.
// A viewer may not create enrichments: it is told so here, not offered a form it learns on
// submit it may not use.
export default async function NewEnrichmentPage() {
  const session = await getServerSession(authOptions);
  if (!can(session?.user.role, "enrichments:write"))
    return (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          testId="enrichment-forbidden"
          title="Seu papel não cria enriquecimentos"
          description="Leitores consultam os enriquecimentos existentes. Peça a um analista ou admin para criar um novo."
        />
      </div>
    );
  const profiles = await loadProfiles();
  return <NewEnrichmentForm profiles={profiles} submissionKey={randomUUID()} />;
}
