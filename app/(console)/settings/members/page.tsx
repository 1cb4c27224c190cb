import type { Metadata } from "next";
import { getServerSession } from "next-auth";
import { MembersSessionsClient } from "@/components/api-keys/members-sessions-client";
import { SettingsLinks } from "@/components/api-keys/settings-links";
import { StateMessage } from "@/components/ui/state-message";
import { authOptions } from "@/lib/auth/options";
import { getTeamReview } from "@/lib/review/team-review";

export const metadata: Metadata = { title: "Membros" };

// GET /settings/members – the workspace's people; an admin ends all of a person's sessions (issue 34, item 5).
export default async function MembersPage() {
  const [team, session] = await Promise.all([getTeamReview(), getServerSession(authOptions)]);
  const offered = Boolean(team?.features.includes("sessions"));
  return (
    <>
      <div className="mb-4">
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Membros</h1>
        <p className="mt-0.5 text-sm text-zinc-600">Quem trabalha neste workspace, e o encerramento das sessões de cada pessoa.</p>
      </div>
      {team?.canAdminister ? <SettingsLinks current="/settings/members" /> : null}
      {team?.canAdminister && offered ? (
        <MembersSessionsClient me={session?.user?.email ?? ""} />
      ) : (
        <div className="rounded-lg border border-zinc-200 bg-white">
          <StateMessage
            testId="members-unavailable"
            title={team && offered ? "Só administradores encerram sessões de outras pessoas" : "Indisponível neste serviço"}
            description={
              team && offered ? "Você pode encerrar as suas em Sessões ativas." : "Este serviço não oferece o controle de sessões."
            }
          />
        </div>
      )}
    </>
  );
}
