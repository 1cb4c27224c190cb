import type { ReactNode } from "react";
import { Field, FieldList, Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import { formatMoney, formatPercent } from "@/lib/contract/format/number";
import { providerValue, restrictiveListTypeLabel } from "@/lib/contract/labels";
import type { CodeDescription, CompanyProfileView } from "@/lib/verifications/view-models";
import { IndicatorsList } from "./indicators-list";
import { FiscalStatus, YesNo } from "./person-profile-section";
import { ServiceSanctions } from "./dossier/service-sanctions";
import { ClientListing } from "./client-listing";
import { DataTable } from "@/components/ui/data-table";

function codeDescription(value: CodeDescription | null) {
  if (!value) return null;
  return (
    <span title={[value.code, value.description].filter(Boolean).join(" – ")}>
      {value.code ? <span className="tabular mr-1.5 font-mono text-xs text-zinc-500">{value.code}</span> : null}
      {value.description}
    </span>
  );
}

/**
 * `caseId`: the case whose workspace list is read now ("Lista restritiva do cliente"); an enrichment
 * has no case and no client list, so without it the field is left out.
 */
export function CompanyProfileSection({
  caseId,
  profile,
  extra,
}: {
  caseId?: string;
  profile: CompanyProfileView;
  /** More of the registry's fields, after the usual ones (the Receita's Simples, special status). */
  extra?: ReactNode;
}) {
  return (
    <Section title="Perfil da empresa" description="Cadastro Nacional da Pessoa Jurídica" testId="company-profile" module="profile">
      <FieldList>
        <Field label="Razão social" testId="company-name">
          {profile.name}
        </Field>
        <Field label="Nome fantasia">{profile.tradeName}</Field>
        <Field label="CNPJ">{profile.document ? <span className="tabular font-mono text-[13px]">{profile.document}</span> : null}</Field>
        <Field label="Situação cadastral" testId="profile-fiscal-status">
          <FiscalStatus value={profile.registrationStatus} />
        </Field>
        <Field label="Porte">{providerValue(profile.size)}</Field>
        <Field label="Data de abertura">
          {profile.openingDate ? <span className="tabular">{formatDate(profile.openingDate)}</span> : null}
        </Field>
        <Field label="Capital social">
          {profile.shareCapital !== null ? <span className="tabular">{formatMoney(profile.shareCapital)}</span> : null}
        </Field>
        <Field label="Natureza jurídica">{codeDescription(profile.legalNature)}</Field>
        <Field label="Atividade principal (CNAE)">{codeDescription(profile.mainActivity)}</Field>
        {caseId ? (
          <Field label="Lista restritiva do cliente" testId="profile-blacklisted-client">
            <ClientListing caseId={caseId} atCompletion={profile.blacklisted?.client ?? null} type={profile.blacklisted?.clientType} />
          </Field>
        ) : null}
        <Field label="Lista restritiva do serviço" testId="profile-blacklisted-service">
          <YesNo value={profile.blacklisted?.service ?? null} />
          {profile.blacklisted?.serviceType ? (
            <span className="ml-2 text-xs text-zinc-500">{restrictiveListTypeLabel(profile.blacklisted.serviceType)}</span>
          ) : null}
        </Field>
      </FieldList>
      <ServiceSanctions listings={profile.blacklisted?.serviceListings ?? []} />
      {extra}

      <div className="mt-5 border-t border-zinc-100 pt-4" data-testid="company-partners">
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Quadro societário</h3>
        {profile.partners.length === 0 ? (
          <p className="text-sm text-zinc-500">Nenhum sócio informado.</p>
        ) : (
          <DataTable
            label="Quadro societário (role para ver todas as colunas)"
            rows={profile.partners}
            rowKey={(_, index) => String(index)}
            rowTestId="partner"
            columns={[
              {
                key: "name",
                label: "Nome",
                cell: (partner) => (
                  <>
                    <span className="text-zinc-900">{partner.name ?? "—"}</span>
                    {partner.details?.length ? (
                      <ul className="mt-0.5 text-xs text-zinc-600" data-testid="partner-details">
                        {partner.details.map((detail) => (
                          <li key={detail.label}>
                            {detail.label}: {detail.value}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </>
                ),
              },
              {
                key: "document",
                label: "Documento",
                cell: (partner) => <span className="tabular font-mono text-[13px] text-zinc-700">{partner.document ?? "—"}</span>,
              },
              { key: "qualification", label: "Qualificação", cell: (partner) => providerValue(partner.qualification) ?? "—" },
              {
                key: "share",
                label: "Participação",
                align: "right",
                cell: (partner) => (
                  <span className="tabular">{partner.sharePercent === null ? "—" : formatPercent(partner.sharePercent)}</span>
                ),
              },
              {
                key: "since",
                label: "Desde",
                align: "right",
                cell: (partner) => <span className="tabular">{formatDate(partner.since)}</span>,
              },
            ]}
          />
        )}
      </div>

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
