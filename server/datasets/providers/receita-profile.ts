// company-profile 1.0 and 2.0 from a row of the registry (server/registry/lookup.ts): the same
// formats the sandbox publishes (server/datasets/formats/company-profile.ts), so the dossier, the
// console, the PDF and the AI summary read them unchanged, plus what only the registry has
// (Simples and MEI, the partners' age band and legal representative, the release). Names stay as
// the Receita publishes them (upper case).
import { isoDate } from "../sandbox/core/calendar";
import { moduleData, rulesFrom } from "../sandbox/module-data";
import type { CompanyProfileV1, CompanyProfileV2, DataSource, TaxOption } from "../formats/company-profile";
import type { AddressV2, PhoneV2 } from "../formats/contacts";
import type { ModuleData } from "../types";
import type { PartnerRow, ProfileRow } from "../../registry/lookup";
import {
  AGE_BAND,
  brDate,
  cnaeCode,
  fourDigits,
  MASKED_CPF,
  PARTNER_COMPANY,
  PARTNER_FOREIGN,
  SIZE,
  STATUS,
  twoDigits,
} from "./receita-codes";

const status = (row: ProfileRow) => (row.status === null ? "" : (STATUS[row.status] ?? String(row.status)));
/** "SEM MOTIVO" (code 00) is no reason. */
const reason = (row: ProfileRow) =>
  row.status_reason && row.status_reason !== 0 ? (row.status_reason_text ?? twoDigits(row.status_reason)) : null;
const size = (row: ProfileRow) => SIZE[row.size ?? 0] ?? { code: String(row.size), description: "" };
const street = (row: ProfileRow) => [row.street_type, row.street].filter(Boolean).join(" ");
const main = (row: ProfileRow) =>
  row.cnae === null ? { code: "", description: "" } : { code: cnaeCode(row.cnae), description: row.cnae_text ?? "" };
const secondary = (row: ProfileRow) =>
  row.secondary.map((s) => ({ code: /^\d{1,7}$/.test(s.code) ? cnaeCode(s.code) : s.code, description: s.description ?? "" }));

function phones(row: ProfileRow): { area: string; number: string }[] {
  const out: { area: string; number: string }[] = [];
  for (const [area, number] of [
    [row.ddd1, row.phone1],
    [row.ddd2, row.phone2],
  ]) {
    const digits = (number ?? "").replace(/\D/g, "");
    if (digits) out.push({ area: (area ?? "").replace(/\D/g, "").slice(-2), number: digits });
  }
  return out;
}

const isMobile = (number: string) => number.length === 9 && number.startsWith("9");
const phoneText = (p: { area: string; number: string }) => `(${p.area}) ${p.number.slice(0, p.number.length - 4)}-${p.number.slice(-4)}`;

function identification(p: PartnerRow): "cnpj" | "name_and_masked_cpf" | "foreign" {
  if (p.kind === PARTNER_COMPANY) return "cnpj";
  if (p.kind === PARTNER_FOREIGN) return "foreign";
  return "name_and_masked_cpf";
}

const partnerEntity = (p: PartnerRow) => (p.kind === PARTNER_COMPANY ? "company" : "person");
const qualification = (code: number | null, text: string | null) => ({ code: twoDigits(code), description: text ?? "" });

function taxOption(opted: boolean | null, since: string | null, until: string | null): TaxOption {
  return { opted, since, until };
}

/** Simples and MEI in force: opted, and not excluded by a date already past. */
function inForce(option: TaxOption, today: string): boolean {
  return option.opted === true && (option.until === null || option.until > today);
}

export function taxRegime(row: ProfileRow, today: string): string {
  if (inForce(taxOption(row.mei, row.mei_since, row.mei_until), today)) return "MEI";
  if (inForce(taxOption(row.simples, row.simples_since, row.simples_until), today)) return "Simples Nacional";
  return "Não optante pelo Simples Nacional";
}

function profileV2(row: ProfileRow, today: string): CompanyProfileV2 {
  const address: AddressV2 = {
    type: "commercial",
    street: street(row),
    number: row.number ?? "",
    complement: row.complement,
    neighborhood: row.neighborhood ?? "",
    city: row.city ?? row.foreign_city ?? "",
    state: row.uf ?? "",
    country: row.country && row.country !== 105 ? (row.country_name ?? String(row.country)) : "BR",
    postalCode: row.cep && row.cep.length === 8 ? `${row.cep.slice(0, 5)}-${row.cep.slice(5)}` : (row.cep ?? ""),
    preferred: true,
    firstSeenAt: null,
    lastSeenAt: null,
  };
  const phoneList: PhoneV2[] = phones(row).map((p, i) => ({
    type: isMobile(p.number) ? "mobile" : "landline",
    countryCode: "55",
    areaCode: p.area,
    number: p.number,
    preferred: i === 0,
    firstSeenAt: null,
    lastSeenAt: null,
  }));
  return {
    document: row.cnpj,
    name: row.name ?? "",
    tradeName: row.trade_name ?? "",
    headOffice: row.head_office === true,
    registration: { status: status(row), statusDate: row.status_date, statusReason: reason(row) },
    openedAt: row.opened_at,
    legalNature: { code: fourDigits(row.legal_nature), description: row.legal_nature_text ?? "" },
    activities: { main: main(row), secondary: secondary(row) },
    size: size(row),
    shareCapital: row.share_capital === null ? 0 : Number(row.share_capital),
    taxRegime: taxRegime(row, today),
    partners: row.partners.map((p) => ({
      document: p.document ?? "",
      name: p.name ?? "",
      entity: partnerEntity(p),
      qualification: qualification(p.qualification, p.qualification_text),
      since: p.since,
      sharePercent: null,
      ageBand: p.age_band === null ? null : { code: String(p.age_band), description: AGE_BAND[p.age_band] ?? "" },
      legalRepresentative:
        p.representative_document || p.representative_name
          ? {
              document: p.representative_document ?? "",
              name: p.representative_name ?? "",
              qualification: qualification(p.representative_qualification, p.representative_qualification_text),
            }
          : null,
      identification: identification(p),
    })),
    contacts: {
      addresses: [address],
      phones: phoneList,
      emails: row.email ? [{ address: row.email.toLowerCase(), preferred: true }] : [],
    },
    restrictiveLists: { service: { listed: false, type: null, since: null } },
    simplesNacional: {
      simples: taxOption(row.simples, row.simples_since, row.simples_until),
      mei: taxOption(row.mei, row.mei_since, row.mei_until),
    },
    specialStatus: row.special_status ? { status: row.special_status, date: row.special_status_date } : null,
  };
}

const legacyNature = (row: ProfileRow) => {
  const code = fourDigits(row.legal_nature);
  return code ? `${code.slice(0, 3)}-${code.slice(3)} - ${row.legal_nature_text ?? ""}` : "";
};

function profileV1(row: ProfileRow): CompanyProfileV1 {
  const coded = (c: { code: string; description: string }) => (c.code ? `${c.code} - ${c.description}` : "");
  const legacyOption = (opted: boolean | null, since: string | null, until: string | null) => ({
    optante: opted,
    dataOpcao: brDate(since),
    dataExclusao: brDate(until),
  });
  return {
    cnpj: row.cnpj,
    razaoSocial: row.name ?? "",
    nomeFantasia: row.trade_name ?? "",
    matrizFilial: row.head_office === false ? "FILIAL" : "MATRIZ",
    situacaoCadastral: status(row).toUpperCase(),
    dataSituacaoCadastral: brDate(row.status_date),
    motivoSituacao: reason(row) ?? "",
    dataAbertura: brDate(row.opened_at),
    naturezaJuridica: legacyNature(row),
    cnaePrincipal: coded(main(row)),
    cnaesSecundarios: secondary(row).map(coded),
    porte: size(row).code,
    capitalSocial: (row.share_capital === null ? 0 : Number(row.share_capital)).toFixed(2),
    socios: row.partners.map((p) => ({
      nome: p.name ?? "",
      documento: p.document ?? "",
      tipo: p.kind === PARTNER_COMPANY ? "PJ" : "PF",
      qualificacao: `${twoDigits(p.qualification)} - ${p.qualification_text ?? ""}`,
      dataEntrada: brDate(p.since),
      participacao: null,
    })),
    endereco: {
      logradouro: street(row),
      numero: row.number ?? "",
      complemento: row.complement ?? "",
      bairro: row.neighborhood ?? "",
      municipio: row.city ?? row.foreign_city ?? "",
      uf: row.uf ?? "",
      cep: row.cep ?? "",
    },
    telefones: phones(row).map(phoneText),
    email: row.email ? row.email.toLowerCase() : null,
    listaRestritiva: { servico: false, tipo: null },
    simples: legacyOption(row.simples, row.simples_since, row.simples_until),
    mei: legacyOption(row.mei, row.mei_since, row.mei_until),
  };
}

const DAY_MS = 86_400_000;

/** The registry's company-profile module data for a version (1.0 or 2.0). */
export function registryProfile(version: string, row: ProfileRow, source: DataSource, now = new Date()): ModuleData {
  const today = isoDate(now);
  const block = version === "1.0" ? profileV1(row) : profileV2(row, today);
  const opened = row.opened_at ? Date.parse(`${row.opened_at}T00:00:00Z`) : null;
  const rules = rulesFrom({
    company_inactive: status(row) !== "Ativa",
    listed_on_service_restrictive_list: false,
    recently_opened_company: opened !== null && now.getTime() - opened < 365 * DAY_MS,
    // the open data says nothing about deaths
    has_deceased_partner: false,
  });
  return { ...moduleData("company", "profile", version, block, rules), source };
}

export { MASKED_CPF };
