"use client";

import { useQuery } from "@tanstack/react-query";
import { caseRestrictiveQuery } from "@/lib/query/review-queries";
import { Badge } from "@/components/ui/badge";

/**
 * "Lista restritiva do cliente" in the profile (issue 28, item 3): the workspace's list as it is
 * now, and beside it what held when the verification completed (the dossier's), as the PDF says
 * it. The header said "Na lista restritiva" while the profile still said "Não".
 */
export function ClientListing({ caseId, atCompletion, type }: { caseId: string; atCompletion: boolean | null; type?: string | null }) {
  const now = useQuery(caseRestrictiveQuery(caseId));
  const listed = now.data ? now.data.entry !== null && !now.data.entry.expired : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-listed-now={listed === null ? "" : String(listed)}>
      {listed === null ? (
        <span className="text-zinc-500">{now.isError ? "Situação atual indisponível" : "Consultando a lista…"}</span>
      ) : (
        <Badge tone={listed ? "danger" : "success"} data-testid="profile-blacklisted-client-now">
          {listed ? "Sim" : "Não"}
        </Badge>
      )}
      {type && listed !== false ? <span className="text-xs text-zinc-500">{type}</span> : null}
      {atCompletion !== null ? (
        <span className="text-xs text-zinc-600" data-testid="profile-blacklisted-client-at-completion">
          ao concluir: {atCompletion ? "constava" : "não constava"}
        </span>
      ) : null}
    </span>
  );
}
