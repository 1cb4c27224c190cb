import type { ReactNode } from "react";
import { getServerSession } from "next-auth";
import { StateMessage } from "@/components/ui/state-message";
import { authOptions } from "@/lib/auth/options";
import { getTeamReview } from "@/lib/review/team-review";

// The rules pages' gate (server side): integrations never reach them; a service without rule sets
// says so. Admins write; analysts and viewers read (`canEdit`).
export async function RulesGate({ children }: { children: (canEdit: boolean) => ReactNode }) {
  const session = await getServerSession(authOptions);
  const role = session?.user?.role ?? null;
  const refused = (testId: string, title: string, description: string) => (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-zinc-900">Regras</h1>
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage kind="error" testId={testId} title={title} description={description} />
      </div>
    </div>
  );
  if (!role || role === "integration")
    return refused("rules-refused", "Acesso restrito", "As regras de score são visíveis para admins, analistas e leitores.");
  const team = await getTeamReview();
  if (!team?.features.includes("rules"))
    return refused("rules-unavailable", "Regras indisponíveis", "Esta instalação do serviço não oferece regras de score versionadas.");
  return <>{children(role === "admin")}</>;
}
