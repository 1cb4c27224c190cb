import type { Metadata } from "next";
import { ApiKeysClient } from "@/components/api-keys/api-keys-client";
import { SettingsLinks } from "@/components/api-keys/settings-links";
import { StateMessage } from "@/components/ui/state-message";
import { getTeamReview } from "@/lib/review/team-review";

export const metadata: Metadata = { title: "Chaves de API" };

// GET /settings/api-keys – the workspace's API keys for integrations (admins; issue 34, item 4).
export default async function ApiKeysPage() {
  const team = await getTeamReview();
  const offered = Boolean(team?.features.includes("apiKeys"));
  let body;
  if (!team || !offered)
    body = (
      <StateMessage
        testId="api-keys-unavailable"
        title="Chaves de API indisponíveis"
        description="Este serviço não oferece chaves de API: as integrações entram com o e-mail e a senha de um usuário Integração."
      />
    );
  else if (!team.canAdminister)
    body = (
      <StateMessage
        testId="api-keys-forbidden"
        title="Só administradores gerenciam as chaves de API"
        description="Peça a um admin do workspace para criar ou revogar uma chave."
      />
    );
  else body = <ApiKeysClient />;
  return (
    <>
      <div className="mb-4">
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Chaves de API</h1>
        <p className="mt-0.5 text-sm text-zinc-600">
          Credenciais de sistemas: criadas por um admin, mostradas uma vez, revogáveis a qualquer momento.
        </p>
      </div>
      {team?.canAdminister ? <SettingsLinks current="/settings/api-keys" /> : null}
      {team?.canAdminister && offered ? body : <div className="rounded-lg border border-zinc-200 bg-white">{body}</div>}
    </>
  );
}
