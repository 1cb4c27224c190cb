// business.profile: not shown in the spec; our shape (lib/contract/dossier.ts) mirrors
// person.profile where it can. From every version of the company profile dataset.
import type { ModuleData } from "../types";
import type { CompanyProfileV1, CompanyProfileV2 } from "../formats/company-profile";
import type { BusinessPartner, BusinessProfile, Coded, DossierPhone } from "../../../lib/contract/dossier";
import {
  blacklistIndicator,
  blacklisting,
  blockOf,
  flag,
  formatCep,
  isoFromBr,
  isVersion,
  receitaWording,
  toDossierContacts,
  type ClientListing,
} from "./shared";

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
  return {
    type: number.length === 9 ? "mobile" : "landline",
    number,
    area,
    country: "55",
    preferencial: false,
    createdAt: null,
    updatedAt: null,
  };
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
        name: s.nome,
        nationalId: s.documento,
        entity: s.tipo === "PF" ? "person" : "company",
        qualification,
        since: isoFromBr(s.dataEntrada),
        sharePercent: s.participacao === null ? null : Number(s.participacao),
      } satisfies BusinessPartner;
    }),
    blacklisted: blacklisting(listing, p.listaRestritiva.servico, p.listaRestritiva.tipo, p.listaRestritiva.sancoes),
    contacts: {
      addresses: [
        {
          type: "commercial",
          street: p.endereco.logradouro,
          number: p.endereco.numero,
          neighborhood: p.endereco.bairro,
          city: p.endereco.municipio,
          state: p.endereco.uf,
          country: "BR",
          postalCode: formatCep(p.endereco.cep),
          preferencial: true,
          createdAt: null,
          updatedAt: null,
        },
      ],
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
    registrationStatusDate: p.registration.statusDate ?? "",
    registrationStatusReason: p.registration.statusReason ?? "",
    openingDate: p.openedAt ?? "",
    legalNature: { code: p.legalNature.code, description: p.legalNature.description },
    mainActivity: p.activities.main,
    secondaryActivities: p.activities.secondary.map(({ code, description }) => ({ code, description })),
    size: p.size.code,
    shareCapital: p.shareCapital,
    partners: p.partners.map((s) => ({
      name: s.name,
      nationalId: s.document,
      entity: s.entity,
      qualification: { code: s.qualification.code, description: s.qualification.description },
      since: s.since ?? "",
      sharePercent: s.sharePercent,
    })),
    blacklisted: blacklisting(
      listing,
      p.restrictiveLists.service.listed,
      p.restrictiveLists.service.type,
      p.restrictiveLists.service.sanctions,
    ),
    contacts: toDossierContacts(p.contacts),
  };
}
