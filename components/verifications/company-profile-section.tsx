import { Field, FieldList, Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import { formatMoney, formatPercent } from "@/lib/contract/format/number";
import { providerValue, restrictiveListTypeLabel } from "@/lib/contract/labels";
import type { CodeDescription, CompanyProfileView } from "@/lib/verifications/view-models";
import { IndicatorsList } from "./indicators-list";
import { FiscalStatus, YesNo } from "./person-profile-section";
import { ServiceSanctions } from "./dossier/service-sanctions";
import { ClientListing } from "./client-listing";

function codeDescription(value: CodeDescription | null) {
  if (!value) return null;
  return (
    <span title={[value.code, value.description].filter(Boolean).join(" – ")}>
      {value.code ? <span className="tabular mr-1.5 font-mono text-xs text-zinc-500">{value.code}</span> : null}
      {value.description}
    </span>
  );
}

export function CompanyProfileSection({ caseId, profile }: { caseId: string; profile: CompanyProfileView }) {
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
        <Field label="Lista restritiva do cliente" testId="profile-blacklisted-client">
          <ClientListing caseId={caseId} atCompletion={profile.blacklisted?.client ?? null} type={profile.blacklisted?.clientType} />
        </Field>
        <Field label="Lista restritiva do serviço" testId="profile-blacklisted-service">
          <YesNo value={profile.blacklisted?.service ?? null} />
          {profile.blacklisted?.serviceType ? (
            <span className="ml-2 text-xs text-zinc-500">{restrictiveListTypeLabel(profile.blacklisted.serviceType)}</span>
          ) : null}
        </Field>
      </FieldList>
      <ServiceSanctions listings={profile.blacklisted?.serviceListings ?? []} />

      <div className="mt-5 border-t border-zinc-100 pt-4" data-testid="company-partners">
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Quadro societário</h3>
        {profile.partners.length === 0 ? (
          <p className="text-sm text-zinc-500">Nenhum sócio informado.</p>
        ) : (
          // focusable, so the table can be scrolled from the keyboard when it is wider than a phone
          <div
            className="relative overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label="Quadro societário (role para ver todas as colunas)"
          >
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-zinc-100 text-left text-xs text-zinc-500">
                  <th scope="col" className="py-1.5 pr-4 font-medium">
                    Nome
                  </th>
                  <th scope="col" className="py-1.5 pr-4 font-medium">
                    Documento
                  </th>
                  <th scope="col" className="py-1.5 pr-4 font-medium">
                    Qualificação
                  </th>
                  <th scope="col" className="py-1.5 pr-4 text-right font-medium">
                    Participação
                  </th>
                  <th scope="col" className="py-1.5 text-right font-medium">
                    Desde
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-50">
                {profile.partners.map((partner, index) => (
                  <tr key={index} data-testid="partner">
                    <td className="py-1.5 pr-4 text-zinc-900">{partner.name ?? "—"}</td>
                    <td className="tabular py-1.5 pr-4 font-mono text-[13px] text-zinc-700">{partner.document ?? "—"}</td>
                    <td className="py-1.5 pr-4 text-zinc-700">{providerValue(partner.qualification) ?? "—"}</td>
                    <td className="tabular py-1.5 pr-4 text-right text-zinc-700">
                      {partner.sharePercent === null ? "—" : formatPercent(partner.sharePercent)}
                    </td>
                    <td className="tabular py-1.5 text-right text-zinc-700">{formatDate(partner.since)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <div className="mt-5 border-t border-zinc-100 pt-4">
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Indicadores</h3>
        <IndicatorsList indicators={profile.indicators} />
      </div>
    </Section>
  );
}
