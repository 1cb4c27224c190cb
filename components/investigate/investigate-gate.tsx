import type { ReactNode } from "react";
import { getServerSession } from "next-auth";
import { StateMessage } from "@/components/ui/state-message";
import { authOptions } from "@/lib/auth/options";
import { getTeamReview } from "@/lib/review/team-review";

// The investigation page's gate (server side): integrations never reach it; a service without the
// graph says so. Admins and analysts save on a case; viewers explore and export (`canSave`).
export async function InvestigateGate({ children }: { children: (canSave: boolean) => ReactNode }) {
  const session = await getServerSession(authOptions);
  const role = session?.user?.role ?? null;
  const refused = (testId: string, title: string, description: string) => (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-zinc-900">Investigação</h1>
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage kind="error" testId={testId} title={title} description={description} />
      </div>
    </div>
  );
  if (!role || role === "integration")
    return refused("investigate-refused", "Acesso restrito", "A investigação é visível para admins, analistas e leitores.");
  const team = await getTeamReview();
  if (!team?.features.includes("graph"))
    return refused(
      "investigate-unavailable",
      "Investigação indisponível",
      "Esta instalação do serviço não oferece o grafo de investigação.",
    );
  return <>{children(role === "admin" || role === "analyst")}</>;
}
