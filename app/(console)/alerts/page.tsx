import type { Metadata } from "next";
import { Suspense } from "react";
import { getServerSession } from "next-auth";
import { AlertsPageClient } from "@/components/monitoring/alerts-page-client";
import { StateMessage } from "@/components/ui/state-message";
import { authOptions } from "@/lib/auth/options";
import { getTeamReview } from "@/lib/review/team-review";

export const metadata: Metadata = { title: "Alertas" };

// GET /alerts – the monitoring alerts' queue (issue 32, item 6). A service without monitoring,
// and integrations, get a message instead of a broken page.
export default async function AlertsPage() {
  const session = await getServerSession(authOptions);
  const role = session?.user?.role ?? null;
  const team = await getTeamReview();
  const refused = (testId: string, title: string, description: string) => (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-zinc-900">Alertas</h1>
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage kind="error" testId={testId} title={title} description={description} />
      </div>
    </div>
  );
  if (!role || role === "integration")
    return refused("alerts-refused", "Acesso restrito", "Os alertas de monitoramento são visíveis para admins, analistas e leitores.");
  if (!team?.features.includes("monitoring"))
    return refused(
      "alerts-unavailable",
      "Alertas indisponíveis",
      "Esta instalação do serviço não oferece o monitoramento contínuo dos casos.",
    );
  return (
    <Suspense>
      <AlertsPageClient />
    </Suspense>
  );
}
