"use client";

import { useState } from "react";
import { BuildingIcon, UserIcon } from "@/components/ui/icons";
import { FIRST_ROWS, ListFilter, ListFooter, useLongList } from "@/components/ui/long-list";
import { Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import { formatInteger } from "@/lib/contract/format/number";
import type { RelatedPartyView } from "@/lib/verifications/to-dossier";
import { RelatedPartyLink } from "./related-party-link";
import { InvestigateLink } from "@/components/investigate/investigate-link";
import { providerValue } from "@/lib/contract/labels";

/** `caseId`: the case the party's link looks the party up from; without one (an enrichment) the name is text. */
function Party({ caseId, party }: { caseId?: string; party: RelatedPartyView }) {
  const Icon = party.entity === "company" ? BuildingIcon : UserIcon;
  return (
    <li className="flex items-start gap-3 py-2" data-testid="related-party" data-key={party.key}>
      <Icon className="mt-0.5 size-4 shrink-0 text-zinc-500" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          {caseId ? (
            <RelatedPartyLink caseId={caseId} party={party} />
          ) : (
            <span className="font-medium break-words text-zinc-900">{party.name ?? "Nome não informado"}</span>
          )}
          <span className="text-xs text-zinc-600">{party.relation}</span>
          {caseId ? (
            <InvestigateLink node={`related:${caseId}:${party.key}`} caseId={caseId} className="text-xs" testId="related-investigate" />
          ) : null}
        </div>
        <p className="mt-0.5 text-xs text-zinc-600">
          {[party.document, providerValue(party.registryStatus), party.since ? `desde ${formatDate(party.since)}` : null]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      {party.lawsuits !== null ? (
        <span className={party.lawsuits > 0 ? "tabular text-xs font-medium text-rose-700" : "tabular text-xs text-zinc-600"}>
          {formatInteger(party.lawsuits)} {party.lawsuits === 1 ? "processo" : "processos"}
        </span>
      ) : null}
    </li>
  );
}

const partyText = (party: RelatedPartyView) => [party.name, party.relation, party.document, party.registryStatus].filter(Boolean).join(" ");

function Group({
  caseId,
  title,
  noun,
  items,
  query,
  testId,
}: {
  caseId?: string;
  title: string;
  noun: string;
  items: RelatedPartyView[];
  query: string;
  testId: string;
}) {
  const list = useLongList(items, partyText, query);
  return (
    <div data-testid={testId}>
      <h3 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">
        {title} ({formatInteger(items.length)})
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">Nenhum registro.</p>
      ) : list.matched.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">Nenhum resultado para o filtro.</p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {list.shown.map((party) => (
            <Party key={party.key} caseId={caseId} party={party} />
          ))}
        </ul>
      )}
      <ListFooter list={list} noun={noun} />
    </div>
  );
}

/**
 * Related persons and companies: the first 10 of each, a filter and "Ver todos" when there are
 * more. Each name opens that party's case, or offers to start one (related-party-link.tsx).
 */
export function RelatedSection({
  caseId,
  persons,
  companies,
}: {
  /** The case (its parties' names open their cases); an enrichment has none. */
  caseId?: string;
  persons: RelatedPartyView[];
  companies: RelatedPartyView[];
}) {
  const [query, setQuery] = useState("");
  return (
    <Section
      anchor="relacionados"
      module="related"
      title="Pessoas e empresas relacionadas"
      description="Parentes, sócios, empregadores e representantes"
      testId="related-section"
    >
      {persons.length > FIRST_ROWS || companies.length > FIRST_ROWS ? (
        <ListFilter
          value={query}
          onChange={setQuery}
          label="Filtrar relacionados"
          placeholder="Nome, vínculo ou situação"
          testId="related-filter"
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Group caseId={caseId} title="Pessoas" noun="pessoas" items={persons} query={query} testId="related-persons" />
        <Group caseId={caseId} title="Empresas" noun="empresas" items={companies} query={query} testId="related-companies" />
      </div>
    </Section>
  );
}
