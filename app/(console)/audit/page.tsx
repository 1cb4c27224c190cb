import type { Metadata } from "next";
import { getServerSession } from "next-auth";
import { Suspense } from "react";
import { AuditPageClient } from "@/components/audit/audit-page-client";
import { StateMessage } from "@/components/ui/state-message";
import { authOptions } from "@/lib/auth/options";
import { getTeamReview } from "@/lib/review/team-review";

export const metadata: Metadata = { title: "Auditoria" };

function Refused({ testId, title, description }: { testId: string; title: string; description: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-zinc-900">Auditoria</h1>
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage kind="error" testId={testId} title={title} description={description} />
      </div>
    </div>
  );
}

// GET /audit – the workspace's audit trail (admins; the review API refuses other roles too).
export default async function AuditPage() {
  const session = await getServerSession(authOptions);
  if (session?.user?.role !== "admin")
    return (
      <Refused
        testId="audit-refused"
        title="Acesso restrito a administradores"
        description="A auditoria do workspace é visível só para administradores."
      />
    );
  const team = await getTeamReview();
  if (!team?.features.includes("audit"))
    return (
      <Refused
        testId="audit-unavailable"
        title="Auditoria indisponível"
        description="Esta instalação do serviço não oferece a trilha de auditoria."
      />
    );
  return (
    <Suspense>
      <AuditPageClient />
    </Suspense>
  );
}
