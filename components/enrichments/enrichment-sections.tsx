"use client";

import { useMemo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { ModuleSourceLine } from "@/components/ui/module-source";
import { Field } from "@/components/ui/section";
import { StateMessage } from "@/components/ui/state-message";
import { CompanyProfileSection } from "@/components/verifications/company-profile-section";
import { ContactsSection } from "@/components/verifications/contacts-section";
import { FinanceAdvancedSection } from "@/components/verifications/dossier/finance-advanced-section";
import { FinanceSection } from "@/components/verifications/dossier/finance-section";
import { LawsuitsSection } from "@/components/verifications/dossier/lawsuits-section";
import { RelatedSection } from "@/components/verifications/dossier/related-section";
import { PersonProfileSection } from "@/components/verifications/person-profile-section";
import { moduleLabel, ruleLabel } from "@/lib/contract/labels";
import type { DocumentView } from "@/lib/verifications/view-models";
import { toEnrichmentSections, type LabelledField } from "@/lib/enrichments/to-sections";
import { ModuleData } from "./module-data";
import { RawData } from "./raw-data";

// An enrichment's data as the case page shows a dossier (issue 29, item 3): the profile as fields,
// contacts, finance as figures, lawsuits and related parties as lists with "Ver todos", each in
// the case page's own component. A module without a section shows its fields (module-data.tsx);
// the rules each module evaluated follow, and the raw JSON is behind "Ver dados brutos".

/** One module's part of the page: a rendering failure stays inside it (as on the case page). */
function Region({ module, children }: { module: string; children: ReactNode }) {
  return (
    <div data-testid="module-data" data-module={module} className="space-y-4">
      <ErrorBoundary
        fallback={(reset) => (
          <div className="rounded-lg border border-zinc-200 bg-white">
            <StateMessage
              kind="error"
              testId="region-error"
              title={`Não foi possível exibir ${moduleLabel(module)}`}
              action={<Button onClick={reset}>Tentar novamente</Button>}
            />
          </div>
        )}
      >
        {children}
      </ErrorBoundary>
    </div>
  );
}

function Extras({ fields }: { fields: LabelledField[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="mt-5 border-t border-zinc-100 pt-4" data-testid="profile-extras">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Outros dados do cadastro</h3>
      {/* two columns from a phone's width up: short values, a long page otherwise */}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 xl:grid-cols-3">
        {fields.map((field) => (
          <Field key={field.key} label={field.label}>
            {field.value}
          </Field>
        ))}
      </dl>
    </div>
  );
}

type Rule = { rule: string; fired: boolean };

function Rules({ data }: { data: Record<string, Record<string, unknown>> }) {
  const modules = Object.entries(data).flatMap(([module, d]) =>
    Array.isArray(d.rules) && d.rules.length ? [{ module, rules: d.rules as Rule[] }] : [],
  );
  if (modules.length === 0) return null;
  return (
    <section className="rounded-lg border border-zinc-200 bg-white" aria-labelledby="rules-title" data-testid="enrichment-rules">
      <header className="border-b border-zinc-100 px-4 py-3">
        <h2 id="rules-title" className="text-sm font-semibold text-zinc-900">
          Regras avaliadas
        </h2>
        <p className="mt-0.5 text-xs text-zinc-500">As regras de cada módulo e se foram acionadas</p>
      </header>
      <dl className="divide-y divide-zinc-100 px-4">
        {modules.map(({ module, rules }) => (
          <div key={module} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
            <dt className="w-44 shrink-0 text-xs font-medium text-zinc-600">{moduleLabel(module)}</dt>
            <dd>
              <ul className="flex flex-wrap gap-1.5">
                {rules.map((r) => (
                  <li
                    key={r.rule}
                    title={r.rule}
                    data-fired={r.fired}
                    className={`rounded px-1.5 py-0.5 text-[11px] ${r.fired ? "bg-rose-50 text-rose-800" : "bg-zinc-100 text-zinc-600"}`}
                  >
                    {ruleLabel(r.rule)}: {r.fired ? "acionada" : "não acionada"}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function EnrichmentSectionsView({
  data,
  document,
}: {
  data: Record<string, Record<string, unknown>>;
  /** The subject's document, masked (the person's profile shows it as the case page does). */
  document: DocumentView | null;
}) {
  const view = useMemo(() => toEnrichmentSections(data), [data]);
  const { person, company, profileExtras, finance, dossier, sections } = view;
  const generic = Object.keys(data).filter((module) => !sections.has(module) && data[module]?.[module] !== undefined);
  const contacts = person?.contacts ?? company?.contacts;
  return (
    <div className="space-y-4" data-testid="enrichment-sections">
      {person || company ? (
        <Region module="profile">
          {person ? <PersonProfileSection profile={person} document={document} extra={<Extras fields={profileExtras} />} /> : null}
          {company ? <CompanyProfileSection profile={company} extra={<Extras fields={profileExtras} />} /> : null}
          {contacts ? <ContactsSection contacts={contacts} /> : null}
        </Region>
      ) : null}
      {finance ? (
        <Region module="finance">
          <FinanceSection finance={finance} />
        </Region>
      ) : null}
      {dossier.financeAdvanced ? (
        <Region module="financeAdvanced">
          <FinanceAdvancedSection data={dossier.financeAdvanced} />
        </Region>
      ) : null}
      {dossier.lawsuits ? (
        <Region module="lawsuits">
          <LawsuitsSection lawsuits={dossier.lawsuits} />
        </Region>
      ) : null}
      {sections.has("ownersLawsuits") ? (
        <Region module="ownersLawsuits">
          {dossier.ownersLawsuits.length === 0 ? (
            <div className="rounded-lg border border-zinc-200 bg-white px-4 py-3" data-testid="owners-lawsuits-none">
              <h2 className="text-sm font-semibold text-zinc-900">Processos dos sócios</h2>
              <p className="mt-0.5 text-sm text-zinc-600">Nenhum processo dos sócios encontrado.</p>
              <ModuleSourceLine module="ownersLawsuits" />
            </div>
          ) : (
            dossier.ownersLawsuits.map((owner, index) => (
              <LawsuitsSection
                key={index}
                lawsuits={{ total: owner.total, active: owner.items.filter((i) => i.active).length, items: owner.items }}
                title={`Processos do sócio ${owner.name ?? ""}`.trim()}
                anchor={`processos-socio-${index + 1}`}
                testId="owner-lawsuits-section"
                module="ownersLawsuits"
              />
            ))
          )}
        </Region>
      ) : null}
      {dossier.related ? (
        <Region module="related">
          <RelatedSection persons={dossier.related.persons} companies={dossier.related.companies} />
        </Region>
      ) : null}
      {generic.map((module) => (
        <Region key={module} module={module}>
          <ModuleData name={module} data={data[module]!} />
        </Region>
      ))}
      <Rules data={data} />
      <RawData data={data} />
    </div>
  );
}
