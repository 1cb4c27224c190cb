import type { Metadata } from "next";
import { SessionsClient } from "@/components/api-keys/sessions-client";
import { StateMessage } from "@/components/ui/state-message";
import { getTeamReview } from "@/lib/review/team-review";

export const metadata: Metadata = { title: "Sessões ativas" };

// GET /sessions – "Sessões ativas" (user menu; issue 34, item 5): the signed-in person's sessions.
export default async function SessionsPage() {
  const team = await getTeamReview();
  return (
    <>
      <div className="mb-4">
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Sessões ativas</h1>
        <p className="mt-0.5 text-sm text-zinc-600">Os aparelhos em que sua conta está conectada. Encerre os que você não reconhece.</p>
      </div>
      {team?.features.includes("sessions") ? (
        <SessionsClient />
      ) : (
        <div className="rounded-lg border border-zinc-200 bg-white">
          <StateMessage
            testId="sessions-unavailable"
            title="Sessões indisponíveis"
            description="Este serviço não lista as sessões. Para sair deste aparelho, use Sair."
          />
        </div>
      )}
    </>
  );
}
