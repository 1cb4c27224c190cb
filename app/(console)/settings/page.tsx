import type { Metadata } from "next";
import { SettingsPageClient } from "@/components/settings/settings-page-client";
import { SsoSettingsSection } from "@/components/settings/sso-settings-section";
import { MfaSettingsSection } from "@/components/settings/mfa-settings-section";
import { RoutingSection } from "@/components/routing/routing-section";
import { StateMessage } from "@/components/ui/state-message";
import { getTeamReview } from "@/lib/review/team-review";
import { loadProfiles } from "@/lib/enrichments/profiles";
import { SettingsLinks } from "@/components/api-keys/settings-links";
import { Section } from "@/components/ui/section";
import { WebhooksSection } from "@/components/webhooks/webhooks-section";

export const metadata: Metadata = { title: "Configurações" };

// GET /settings – the workspace's review settings (admins): SLA, reasons catalog, required
// reasons, four-eyes. Other roles, and deployments without the review API, get a message.
export default async function SettingsPage() {
  const team = await getTeamReview();
  // the routing rules' "Perfil" offers the workspace's scoring profiles (the list the enrichment pages read)
  const routingProfiles =
    team?.canAdminister && team.features.includes("routing")
      ? (await loadProfiles("verification")).map((p) => ({ id: p.profile.id, name: p.profile.name, entity: p.entity }))
      : [];
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
        {team.features.includes("sso") ? <SsoSettingsSection /> : null}
        {team.features.includes("mfa") ? <MfaSettingsSection /> : null}
        {team.features.includes("routing") ? <RoutingSection profiles={routingProfiles} /> : null}
      </div>
    );
  return (
    <>
      <div className="mb-4">
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Configurações</h1>
        <p className="mt-0.5 text-sm text-zinc-600">Como a equipe revisa os casos deste workspace.</p>
      </div>
      {team?.canAdminister ? <SettingsLinks current="/settings" apiKeys={team.features.includes("apiKeys")} /> : null}
      {team && team.canAdminister ? body : <div className="rounded-lg border border-zinc-200 bg-white">{body}</div>}
      {/* webhooks (issue 35): where the API offers them, for admins */}
      {team?.canAdminister && team.features.includes("webhooks") ? (
        <Section
          anchor="webhooks"
          title="Webhooks"
          className="mt-4"
          description="Envia cada ato da revisão (decisões, atribuições, notas, alertas, regras, lista restritiva) aos seus sistemas, assinado. Documentos vão sempre mascarados."
        >
          <WebhooksSection />
        </Section>
      ) : null}
    </>
  );
}
