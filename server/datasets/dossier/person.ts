// person.profile and person.finance (spec 2.3) from every version of the person profile and
// finance datasets.
import type { ModuleData } from "../types";
import type { PersonProfileV1, PersonProfileV2 } from "../formats/person-profile";
import type { PersonFinanceV1, PersonFinanceV11 } from "../formats/person-finance";
import type { Blacklisted, PersonFinance, PersonProfile } from "../../../lib/contract/dossier";
import {
  blacklistIndicator,
  blacklisting,
  blockOf,
  count,
  flag,
  isoFromBr,
  isVersion,
  midnight,
  formatCep,
  receitaWording,
  toDossierContacts,
  type ClientListing,
} from "./shared";

/** Receita wording of CPF statuses; legacy datasets print them upper case without accents. */
const CPF_STATUSES = [
  "Regular",
  "Suspensa",
  "Titular Falecido",
  "Pendente de Regularização",
  "Cancelada por Multiplicidade",
  "Nula",
  "Cancelada de Ofício",
];

export function toPersonProfile(data: ModuleData, listing: ClientListing): PersonProfile {
  if (isVersion(data, "1.0")) return personProfileV1(blockOf<PersonProfileV1>(data, "profile", "person"), listing);
  return personProfileV2(blockOf<PersonProfileV2>(data, "profile", "person"), listing);
}

function personProfileV1(p: PersonProfileV1, listing: ClientListing): PersonProfile {
  const fiscalStatus = receitaWording(p.situacaoCadastral, CPF_STATUSES);
  const blacklisted = blacklisting(listing, p.listaRestritiva.servico, p.listaRestritiva.tipo, p.listaRestritiva.sancoes);
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
        street: a.logradouro,
        number: a.numero,
        neighborhood: a.bairro,
        city: a.cidade,
        state: a.uf,
        country: "BR",
        postalCode: formatCep(a.cep),
        preferencial: a.principal,
        createdAt: midnight(a.dataCadastro),
        updatedAt: midnight(a.dataAtualizacao),
      })),
      emails: p.emails.map((value, index) => ({ value, preferencial: index === 0 })),
      phones: p.telefones.map((t) => ({
        type: t.tipo === "CELULAR" ? "mobile" : "landline",
        number: t.numero,
        area: t.ddd,
        country: "55",
        preferencial: t.principal,
        createdAt: midnight(t.dataCadastro),
        updatedAt: midnight(t.dataAtualizacao),
      })),
    },
    indicators: personIndicators(
      blacklisted,
      p.listaRestritiva.empresasRelacionadas,
      p.listaRestritiva.pessoasRelacionadas,
      fiscalStatus,
      p.obito,
    ),
  };
}

function personProfileV2(p: PersonProfileV2, listing: ClientListing): PersonProfile {
  const blacklisted = blacklisting(
    listing,
    p.restrictiveLists.service.listed,
    p.restrictiveLists.service.type,
    p.restrictiveLists.service.sanctions,
  );
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
    indicators: personIndicators(
      blacklisted,
      p.restrictiveLists.relatedCompaniesListed,
      p.restrictiveLists.relatedPersonsListed,
      p.registry.status,
      p.death.recorded,
    ),
  };
}

function personIndicators(
  blacklisted: Blacklisted,
  companies: number,
  related: number,
  fiscalStatus: string,
  obit: boolean,
): PersonProfile["indicators"] {
  return {
    blacklisted: blacklistIndicator(blacklisted),
    blacklistedCompanies: count(companies),
    blacklistedRelated: count(related),
    irregularStatus: flag(fiscalStatus !== "Regular" && fiscalStatus !== "Titular Falecido"),
    deathRecord: flag(obit),
  };
}

// person.finance

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
    name: p.programa,
    city: p.municipio,
    state: p.uf,
    active: p.ativo,
    amount: p.valorParcela,
    totalAmount: p.valorTotal,
    startedAt: isoFromBr(p.inicio),
    endedAt: p.fim ? isoFromBr(p.fim) : null,
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
