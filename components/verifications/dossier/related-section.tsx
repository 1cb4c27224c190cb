import Link from "next/link";
import { BuildingIcon, UserIcon } from "@/components/ui/icons";
import { Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import { formatInteger } from "@/lib/contract/format/number";
import type { RelatedPartyView } from "@/lib/verifications/to-dossier";

function Party({ party }: { party: RelatedPartyView }) {
  const Icon = party.entity === "company" ? BuildingIcon : UserIcon;
  return (
    <li className="flex items-start gap-3 py-2" data-testid="related-party">
      <Icon className="mt-0.5 size-4 shrink-0 text-zinc-500" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          {/* by name: the browser never holds a related party's full document (issue 19) */}
          {party.name ? (
            <Link
              href={`/verifications?q=${encodeURIComponent(party.name.slice(0, 100))}`}
              className="font-medium break-words text-brand-700 hover:underline"
              title="Ver verificações com este nome"
            >
              {party.name ?? "Nome não informado"}
            </Link>
          ) : (
            <span className="font-medium break-words text-zinc-900">{party.name ?? "Nome não informado"}</span>
          )}
          <span className="text-xs text-zinc-600">{party.relation}</span>
        </div>
        <p className="mt-0.5 text-xs text-zinc-600">
          {[party.document, party.registryStatus, party.since ? `desde ${formatDate(party.since)}` : null].filter(Boolean).join(" · ")}
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

/** Related persons and companies; each name opens the verifications of that document. */
export function RelatedSection({ persons, companies }: { persons: RelatedPartyView[]; companies: RelatedPartyView[] }) {
  return (
    <Section
      anchor="relacionados"
      title="Pessoas e empresas relacionadas"
      description="Parentes, sócios, empregadores e representantes"
      testId="related-section"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        {[
          { title: `Pessoas (${persons.length})`, items: persons, testId: "related-persons" },
          { title: `Empresas (${companies.length})`, items: companies, testId: "related-companies" },
        ].map((group) => (
          <div key={group.testId} data-testid={group.testId}>
            <h3 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">{group.title}</h3>
            {group.items.length === 0 ? (
              <p className="mt-2 text-sm text-zinc-600">Nenhum registro.</p>
            ) : (
              <ul className="divide-y divide-zinc-100">
                {group.items.map((party) => (
                  <Party key={party.key} party={party} />
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </Section>
  );
}
