// Maps module data (each dataset version's own format) to the v2 dossier shape (spec 2.3):
// `person.profile`, `person.finance` and `business.profile`. Every version of a dataset maps
// to exactly the same shape, so the v2 record and the console never care which version ran.
// Legacy formats lack a few facts (timestamps, country): those come out empty, never guessed.

import type { ModuleData } from "./types";
import type { PersonProfileV1, PersonProfileV2 } from "./sandbox/profile/person-profile";
import type { CompanyProfileV1, CompanyProfileV2 } from "./sandbox/profile/company-profile";
import type { PersonFinanceV1, PersonFinanceV11 } from "./sandbox/finance/person-formats";

export interface Indicator {
  risky: boolean;
  value: number;
}

export interface DossierAddress {
  type: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  preferencial: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface DossierPhone {
  type: string;
  number: string;
  area: string;
  country: string;
  preferencial: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface DossierContacts {
  addresses: DossierAddress[];
  emails: { value: string; preferencial: boolean }[];
  phones: DossierPhone[];
}

/** Contacts of the 2.0 profile datasets (person and company share the shape) in the dossier's words. */
function toDossierContacts(c: PersonProfileV2["contacts"] | CompanyProfileV2["contacts"]): DossierContacts {
  return {
    addresses: c.addresses.map((a) => ({
      type: a.type, street: a.street, number: a.number, neighborhood: a.neighborhood, city: a.city, state: a.state,
      country: a.country, postalCode: a.postalCode, preferencial: a.preferred, createdAt: a.firstSeenAt, updatedAt: a.lastSeenAt,
    })),
    emails: c.emails.map((e) => ({ value: e.address, preferencial: e.preferred })),
    phones: c.phones.map((t) => ({
      type: t.type, number: t.number, area: t.areaCode, country: t.countryCode, preferencial: t.preferred,
      createdAt: t.firstSeenAt, updatedAt: t.lastSeenAt,
    })),
  };
}

export interface Blacklisted {
  client: boolean;
  service: boolean;
  clientType: string;
  serviceType: string;
}

/** spec 2.3 `person.profile` */
export interface PersonProfile {
  name: string;
  nationalId: string;
  fiscalStatus: string;
  /** "F" or "M". */
  gender: string;
  motherName: string;
  age: number;
  birthDate: string;
  obitFlag: boolean;
  isMotherNameCorrectly: boolean;
  blacklisted: Blacklisted;
  contacts: DossierContacts;
  indicators: {
    blacklisted: Indicator;
    blacklistedCompanies: Indicator;
    blacklistedRelated: Indicator;
    irregularStatus: Indicator;
    deathRecord: Indicator;
  };
}

/** The workspace's own restrictive list is the caller's knowledge, not the dataset's. */
export interface ClientListing {
  clientListed: boolean;
}

const CLIENT_LIST_TYPE = "workspace_restrictive_list";

/** Receita wording of CPF statuses; legacy datasets print them upper case without accents. */
const CPF_STATUSES = ["Regular", "Suspensa", "Titular Falecido", "Pendente de Regularização", "Cancelada por Multiplicidade", "Nula", "Cancelada de Ofício"];

const stripAccents = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

function receitaWording(legacy: string, known: readonly string[]): string {
  return known.find((status) => stripAccents(status).toUpperCase() === legacy) ?? legacy;
}

/** DD/MM/YYYY -> YYYY-MM-DD */
function isoFromBr(date: string): string {
  const [day, month, year] = date.split("/");
  return `${year}-${month}-${day}`;
}

const midnight = (date: string) => `${isoFromBr(date)}T00:00:00.000Z`;
const formatCep = (cep: string) => (cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);
const flag = (on: boolean): Indicator => ({ risky: on, value: on ? 1 : 0 });
const count = (value: number): Indicator => ({ risky: value > 0, value });

function isVersion(data: ModuleData, version: string): boolean {
  return data.dataset.endsWith(`-${version}`);
}

function blockOf<T>(data: ModuleData, module: string, entity: string): T {
  if (data.module !== module || !data.dataset.startsWith(`${entity}-`)) {
    throw new Error(`expected ${entity} ${module} data, got ${data.dataset}`);
  }
  return data[module] as T;
}

function blacklisting(listing: ClientListing, service: boolean, serviceType: string | null): Blacklisted {
  return {
    client: listing.clientListed,
    service,
    clientType: listing.clientListed ? CLIENT_LIST_TYPE : "",
    serviceType: service ? (serviceType ?? "") : "",
  };
}

function blacklistIndicator(blacklisted: Blacklisted): Indicator {
  const value = (blacklisted.client ? 1 : 0) + (blacklisted.service ? 1 : 0);
  return { risky: value > 0, value };
}

export function toPersonProfile(data: ModuleData, listing: ClientListing): PersonProfile {
  if (isVersion(data, "1.0")) return personProfileV1(blockOf<PersonProfileV1>(data, "profile", "person"), listing);
  return personProfileV2(blockOf<PersonProfileV2>(data, "profile", "person"), listing);
}

function personProfileV1(p: PersonProfileV1, listing: ClientListing): PersonProfile {
  const fiscalStatus = receitaWording(p.situacaoCadastral, CPF_STATUSES);
  const blacklisted = blacklisting(listing, p.listaRestritiva.servico, p.listaRestritiva.tipo);
  return {
    name: p.nome,
    nationalId: p.cpf,
    fiscalStatus,
    gender: p.sexo,
    motherName: p.nomeMae ?? "",
    age: p.idade,
    birthDate: isoFromBr(p.dataNascimento),
    obitFlag: p.obito,
    isMotherNameCorrectly: p.maeValidada,
    blacklisted,
    contacts: {
      addresses: p.enderecos.map((a) => ({
        type: a.tipo === "RESIDENCIAL" ? "residential" : "commercial",
        street: a.logradouro, number: a.numero, neighborhood: a.bairro, city: a.cidade, state: a.uf,
        country: "BR", postalCode: formatCep(a.cep), preferencial: a.principal,
        createdAt: midnight(a.dataCadastro), updatedAt: midnight(a.dataAtualizacao),
      })),
      emails: p.emails.map((value, index) => ({ value, preferencial: index === 0 })),
      phones: p.telefones.map((t) => ({
        type: t.tipo === "CELULAR" ? "mobile" : "landline", number: t.numero, area: t.ddd, country: "55",
        preferencial: t.principal, createdAt: midnight(t.dataCadastro), updatedAt: midnight(t.dataAtualizacao),
      })),
    },
    indicators: personIndicators(blacklisted, p.listaRestritiva.empresasRelacionadas, p.listaRestritiva.pessoasRelacionadas, fiscalStatus, p.obito),
  };
}

function personProfileV2(p: PersonProfileV2, listing: ClientListing): PersonProfile {
  const blacklisted = blacklisting(listing, p.restrictiveLists.service.listed, p.restrictiveLists.service.type);
  return {
    name: p.name.full,
    nationalId: p.document,
    fiscalStatus: p.registry.status,
    gender: p.gender === "female" ? "F" : "M",
    motherName: p.mother.name ?? "",
    age: p.birth.age,
    birthDate: p.birth.date,
    obitFlag: p.death.recorded,
    isMotherNameCorrectly: p.mother.validated,
    blacklisted,
    contacts: toDossierContacts(p.contacts),
    indicators: personIndicators(blacklisted, p.restrictiveLists.relatedCompaniesListed, p.restrictiveLists.relatedPersonsListed, p.registry.status, p.death.recorded),
  };
}

function personIndicators(blacklisted: Blacklisted, companies: number, related: number, fiscalStatus: string, obit: boolean): PersonProfile["indicators"] {
  return {
    blacklisted: blacklistIndicator(blacklisted),
    blacklistedCompanies: count(companies),
    blacklistedRelated: count(related),
    irregularStatus: flag(fiscalStatus !== "Regular" && fiscalStatus !== "Titular Falecido"),
    deathRecord: flag(obit),
  };
}

// ---------------------------------------------------------------------------------------------
// business.profile: not shown in the spec; our shape mirrors person.profile where it can.

export interface Coded {
  code: string;
  description: string;
}

export interface BusinessPartner {
  name: string;
  /** Full document (2.0) or the Receita's masked CPF `***456789**` (1.0). */
  nationalId: string;
  entity: "person" | "company";
  qualification: Coded;
  since: string;
  sharePercent: number | null;
}

/** Our `business.profile` shape (docs/sandbox.md). */
export interface BusinessProfile {
  name: string;
  tradeName: string;
  nationalId: string;
  headOffice: boolean;
  registrationStatus: string;
  registrationStatusDate: string;
  registrationStatusReason: string;
  openingDate: string;
  legalNature: Coded;
  mainActivity: Coded;
  secondaryActivities: Coded[];
  size: string;
  shareCapital: number;
  partners: BusinessPartner[];
  blacklisted: Blacklisted;
  contacts: DossierContacts;
  indicators: {
    blacklisted: Indicator;
    inactiveStatus: Indicator;
    recentlyOpened: Indicator;
    deceasedPartner: Indicator;
  };
}

const CNPJ_STATUSES = ["Ativa", "Suspensa", "Inapta", "Baixada", "Nula"];

/** "4711-3/02 - Comércio ..." -> {code: "4711-3/02", description: "Comércio ..."} */
function splitCoded(text: string): Coded {
  const at = text.indexOf(" - ");
  return at < 0 ? { code: text, description: "" } : { code: text.slice(0, at), description: text.slice(at + 3) };
}

/** "(11) 3333-4444" -> area 11, number 33334444. */
function parsePhoneText(text: string): DossierPhone {
  const match = /^\((\d{2})\)\s*([\d-]+)$/.exec(text);
  const area = match?.[1] ?? "";
  const number = (match?.[2] ?? text).replace(/\D/g, "");
  return { type: number.length === 9 ? "mobile" : "landline", number, area, country: "55", preferencial: false, createdAt: null, updatedAt: null };
}

function firedRule(data: ModuleData, rule: string): boolean {
  return data.rules.some((r) => r.rule === rule && r.fired);
}

export function toBusinessProfile(data: ModuleData, listing: ClientListing): BusinessProfile {
  const base = isVersion(data, "1.0")
    ? businessProfileV1(blockOf<CompanyProfileV1>(data, "profile", "company"), listing)
    : businessProfileV2(blockOf<CompanyProfileV2>(data, "profile", "company"), listing);
  return {
    ...base,
    indicators: {
      blacklisted: blacklistIndicator(base.blacklisted),
      inactiveStatus: flag(base.registrationStatus !== "Ativa"),
      recentlyOpened: flag(firedRule(data, "recently_opened_company")),
      deceasedPartner: flag(firedRule(data, "has_deceased_partner")),
    },
  };
}

type BusinessBase = Omit<BusinessProfile, "indicators">;

function businessProfileV1(p: CompanyProfileV1, listing: ClientListing): BusinessBase {
  const nature = splitCoded(p.naturezaJuridica);
  const phones = p.telefones.map(parsePhoneText);
  if (phones[0]) phones[0].preferencial = true;
  return {
    name: p.razaoSocial,
    tradeName: p.nomeFantasia,
    nationalId: p.cnpj,
    headOffice: p.matrizFilial === "MATRIZ",
    registrationStatus: receitaWording(p.situacaoCadastral, CNPJ_STATUSES),
    registrationStatusDate: isoFromBr(p.dataSituacaoCadastral),
    registrationStatusReason: p.motivoSituacao,
    openingDate: isoFromBr(p.dataAbertura),
    legalNature: { code: nature.code.replace("-", ""), description: nature.description },
    mainActivity: splitCoded(p.cnaePrincipal),
    secondaryActivities: p.cnaesSecundarios.map(splitCoded),
    size: p.porte,
    shareCapital: Number(p.capitalSocial),
    partners: p.socios.map((s) => {
      const qualification = splitCoded(s.qualificacao);
      return {
        name: s.nome, nationalId: s.documento, entity: s.tipo === "PF" ? "person" : "company",
        qualification, since: isoFromBr(s.dataEntrada), sharePercent: s.participacao === null ? null : Number(s.participacao),
      } satisfies BusinessPartner;
    }),
    blacklisted: blacklisting(listing, p.listaRestritiva.servico, p.listaRestritiva.tipo),
    contacts: {
      addresses: [{
        type: "commercial", street: p.endereco.logradouro, number: p.endereco.numero, neighborhood: p.endereco.bairro,
        city: p.endereco.municipio, state: p.endereco.uf, country: "BR", postalCode: formatCep(p.endereco.cep),
        preferencial: true, createdAt: null, updatedAt: null,
      }],
      emails: p.email ? [{ value: p.email, preferencial: true }] : [],
      phones,
    },
  };
}

function businessProfileV2(p: CompanyProfileV2, listing: ClientListing): BusinessBase {
  return {
    name: p.name,
    tradeName: p.tradeName,
    nationalId: p.document,
    headOffice: p.headOffice,
    registrationStatus: p.registration.status,
    registrationStatusDate: p.registration.statusDate,
    registrationStatusReason: p.registration.statusReason ?? "",
    openingDate: p.openedAt,
    legalNature: { code: p.legalNature.code, description: p.legalNature.description },
    mainActivity: p.activities.main,
    secondaryActivities: p.activities.secondary.map(({ code, description }) => ({ code, description })),
    size: p.size.code,
    shareCapital: p.shareCapital,
    partners: p.partners.map((s) => ({
      name: s.name, nationalId: s.document, entity: s.entity, qualification: { code: s.qualification.code, description: s.qualification.description },
      since: s.since, sharePercent: s.sharePercent,
    })),
    blacklisted: blacklisting(listing, p.restrictiveLists.service.listed, p.restrictiveLists.service.type),
    contacts: toDossierContacts(p.contacts),
  };
}

// ---------------------------------------------------------------------------------------------
// person.finance

/** spec 2.3 `person.finance` */
export interface PersonFinance {
  salary: number;
  income: string;
  totalAssets: string;
  taxReturns: { year: string; status: string; bank: string; updatedAt: string }[];
  collections: { total: number; totalOrigins: number; updatedAt: string };
  assistancePrograms: {
    programs: { name: string; city: string; state: string; active: boolean; amount: number; totalAmount: number; startedAt: string; endedAt: string | null }[];
    total: number;
    totalActive: number;
  };
  indicators: {
    monthlyIncome: Indicator;
    assistancePrograms: Indicator;
    ltyTaxDeclarations: Indicator;
    collections: Indicator;
  };
  restrictions: {
    registerLogs: string;
    segment: string;
    reportedBy: string;
    status: string;
    city: string;
    amount: string;
    type: string;
    isNegative: boolean;
    hasData: boolean;
    reportedAt: string | null;
    totalAmount: number;
    consultationLogs: { "60": number; "90": number; "+90": number; "+30": number };
  };
}

export interface FinanceOptions {
  /** "Now" for the last-two-years tax-return indicator of legacy data. Default: the current date. */
  now?: Date;
  /** Monthly income below which the income indicator is risky. Default: R$ 1.621 (2026 minimum wage). */
  minimumWage?: number;
}

export function toPersonFinance(data: ModuleData, options: FinanceOptions = {}): PersonFinance {
  const f = blockOf<PersonFinanceV1 & Partial<PersonFinanceV11>>(data, "finance", "person");
  const minimumWage = options.minimumWage ?? 1621;
  const sinceYear = (options.now ?? new Date()).getUTCFullYear() - 2;
  const programs = f.programasSociais.map((p) => ({
    name: p.programa, city: p.municipio, state: p.uf, active: p.ativo, amount: p.valorParcela, totalAmount: p.valorTotal,
    startedAt: isoFromBr(p.inicio), endedAt: p.fim ? isoFromBr(p.fim) : null,
  }));
  const totalActive = programs.filter((p) => p.active).length;
  const recentReturns = f.declaracoesIR.filter((r) => Number(r.ano) >= sinceYear).length;
  return {
    salary: Math.round(f.salarioEstimado),
    income: f.rendaEstimada,
    totalAssets: f.faixaPatrimonial,
    taxReturns: f.declaracoesIR.map((r) => ({ year: r.ano, status: r.situacao, bank: r.banco, updatedAt: isoFromBr(r.dataAtualizacao) })),
    collections: { total: f.cobrancas.quantidade, totalOrigins: f.cobrancas.origens, updatedAt: isoFromBr(f.cobrancas.atualizadoEm) },
    assistancePrograms: { programs, total: programs.length, totalActive },
    indicators: {
      monthlyIncome: { risky: f.salarioEstimado < minimumWage, value: f.salarioEstimado },
      assistancePrograms: count(totalActive),
      ltyTaxDeclarations: { risky: recentReturns === 0, value: recentReturns },
      collections: count(f.cobrancas.quantidade),
    },
    restrictions: restrictionsOf(f),
  };
}

function restrictionsOf(f: Partial<PersonFinanceV11>): PersonFinance["restrictions"] {
  const r = f.restricoes;
  const c = f.consultas;
  const latest = r?.ultima ?? null;
  return {
    registerLogs: String(r?.quantidade ?? 0),
    segment: latest?.segmento ?? "",
    reportedBy: latest?.credor ?? "",
    status: latest?.situacao ?? "",
    city: latest ? `${latest.cidade}/${latest.uf}` : "",
    amount: latest ? latest.valor.toFixed(2) : "",
    type: latest?.tipo ?? "",
    isNegative: r?.possuiRestricao ?? false,
    // Legacy 1.0 carries no credit data at all: say so rather than report a clean record.
    hasData: r !== undefined,
    reportedAt: latest ? isoFromBr(latest.dataInclusao) : null,
    totalAmount: r?.valorTotal ?? 0,
    consultationLogs: {
      "+30": c?.ultimos30Dias ?? 0,
      "60": c?.ultimos60Dias ?? 0,
      "90": c?.ultimos90Dias ?? 0,
      "+90": c?.acima90Dias ?? 0,
    },
  };
}
