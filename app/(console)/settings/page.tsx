import type { Metadata } from "next";
import { SettingsPageClient } from "@/components/settings/settings-page-client";
import { RoutingSection } from "@/components/routing/routing-section";
import { StateMessage } from "@/components/ui/state-message";
import { getTeamReview } from "@/lib/review/team-review";

export const metadata: Metadata = { title: "Configurações" };

// GET /settings – the workspace's review settings (admins): SLA, reasons catalog, required
// reasons, four-eyes. Other roles, and deployments without the review API, get a message.
export default async function SettingsPage() {
  const team = await getTeamReview();
  let body;
  if (!team)
    body = (
      <StateMessage
        testId="settings-unavailable"
        title="Configurações indisponíveis"
        description="Este serviço não oferece as funções de equipe (fila, SLA, motivos), então não há o que configurar aqui."
      />
    );
  else if (!team.canAdminister)
    body = (
      <StateMessage
        testId="settings-forbidden"
        title="Só administradores alteram as configurações"
        description="Peça a um admin do workspace para mudar o SLA, os motivos ou a revisão em dupla."
      />
    );
  else
    body = (
      <div className="space-y-8">
        <SettingsPageClient />
        {team.features.includes("routing") ? <RoutingSection /> : null}
      </div>
    );
  return (
    <>
      <div className="mb-4">
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Configurações</h1>
        <p className="mt-0.5 text-sm text-zinc-600">Como a equipe revisa os casos deste workspace.</p>
      </div>
      {team && team.canAdminister ? body : <div className="rounded-lg border border-zinc-200 bg-white">{body}</div>}
    </>
  );
}
