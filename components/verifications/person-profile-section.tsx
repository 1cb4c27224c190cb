import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Field, FieldList, Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import { providerValue, restrictiveListTypeLabel } from "@/lib/contract/labels";
import type { DocumentView, PersonProfileView } from "@/lib/verifications/view-models";
import { IndicatorsList } from "./indicators-list";
import { ServiceSanctions } from "./dossier/service-sanctions";
import { ClientListing } from "./client-listing";

function YesNo({ value, riskyWhen = true, testId }: { value: boolean | null; riskyWhen?: boolean; testId?: string }) {
  if (value === null) return <span className="text-zinc-500">Não informado</span>;
  return (
    <Badge tone={value === riskyWhen ? "danger" : "success"} data-testid={testId}>
      {value ? "Sim" : "Não"}
    </Badge>
  );
}

/** Receita Federal wording: "Regular" is fine, anything else needs attention. */
function FiscalStatus({ value }: { value: string | null }) {
  if (!value) return <span className="text-zinc-500">Não informada</span>;
  const regular = /^regular$/i.test(value) || /^ativa$/i.test(value);
  return <Badge tone={regular ? "success" : "warning"}>{providerValue(value)}</Badge>;
}

export { FiscalStatus, YesNo };

export function PersonProfileSection({
  caseId,
  profile,
  document,
  extra,
}: {
  /** More of the registry's fields, after the usual ones (an enrichment's source may have more). */
  extra?: ReactNode;
  /** The case whose workspace list is read now; an enrichment has none (no client list field). */
  caseId?: string;
  profile: PersonProfileView;
  document: DocumentView | null;
}) {
  const blacklisted = profile.blacklisted;
  return (
    <Section title="Perfil cadastral" description="Dados do titular na base cadastral" module="profile" testId="person-profile">
      <FieldList>
        <Field label="Nome" testId="profile-name">
          {profile.name}
        </Field>
        <Field label="CPF">{document ? <span className="tabular font-mono text-[13px]">{document.masked}</span> : null}</Field>
        <Field label="Situação cadastral" testId="profile-fiscal-status">
          <FiscalStatus value={profile.fiscalStatus} />
        </Field>
        <Field label="Data de nascimento" testId="profile-birth-date">
          {profile.birthDate ? (
            <>
              <span className="tabular">{formatDate(profile.birthDate)}</span>
              {profile.age !== null ? <span className="text-zinc-500"> ({profile.age} anos)</span> : null}
            </>
          ) : profile.age !== null ? (
            `${profile.age} anos`
          ) : null}
        </Field>
        <Field label="Nome da mãe" testId="profile-mother-name">
          {profile.motherName ? (
            <>
              {profile.motherName}
              {profile.motherNameMatches === false ? (
                <Badge tone="warning" className="ml-2">
                  Não confere
                </Badge>
              ) : null}
            </>
          ) : null}
        </Field>
        <Field label="Sexo" testId="profile-gender">
          {profile.gender}
        </Field>
        <Field label="Óbito" testId="profile-obit">
          <YesNo value={profile.obitFlag} />
        </Field>
        {caseId ? (
          <Field label="Lista restritiva do cliente" testId="profile-blacklisted-client">
            <ClientListing caseId={caseId} atCompletion={blacklisted?.client ?? null} type={blacklisted?.clientType} />
          </Field>
        ) : null}
        <Field label="Lista restritiva do serviço" testId="profile-blacklisted-service">
          <YesNo value={blacklisted?.service ?? null} />
          {blacklisted?.serviceType ? (
            <span className="ml-2 text-xs text-zinc-500">{restrictiveListTypeLabel(blacklisted.serviceType)}</span>
          ) : null}
        </Field>
      </FieldList>
      <ServiceSanctions listings={blacklisted?.serviceListings ?? []} />
      {extra}
      {/* a case's dossier computes the indicators; an enrichment's datasets have none: no empty block */}
      {caseId || profile.indicators.length ? (
        <div className="mt-5 border-t border-zinc-100 pt-4">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Indicadores</h3>
          <IndicatorsList indicators={profile.indicators} />
        </div>
      ) : null}
    </Section>
  );
}
