"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { NetworkView, networkQuery } from "@/components/network/network-view";
import { ChevronLeftIcon } from "@/components/ui/icons";

export function EnrichmentNetworkPage({ id }: { id: string }) {
  const query = useQuery(networkQuery("enrichments", id));
  const subject = query.data?.status === "ok" ? query.data.subject : null;
  return (
    <div className="space-y-4">
      <Link
        href={`/enrichments/${encodeURIComponent(id)}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-zinc-700 hover:text-zinc-900"
      >
        <ChevronLeftIcon className="size-4" />
        Voltar ao enriquecimento
      </Link>
      <div>
        <h1 className="text-xl font-semibold text-zinc-900">Rede de processos</h1>
        <p className="text-sm break-words text-zinc-600">
          {subject ? `${subject.name} · ${subject.document}` : "Vínculos do documento e seus processos"}
        </p>
      </div>
      <NetworkView
        kind="enrichments"
        id={id}
        title={subject ? `Rede de processos – ${subject.name}` : "Rede de processos"}
        height="72vh"
        headingLevel={2}
      />
    </div>
  );
}
