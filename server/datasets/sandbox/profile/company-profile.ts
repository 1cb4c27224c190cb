// company-profile 1.0 (legacy: the Receita's printed card, Portuguese, DD/MM/YYYY, partners'
// CPFs masked as the Receita publishes them) and company-profile 2.0 (structured, English, ISO
// dates, full partner documents so they can be followed).

import { brDate, daysBetween, parseIsoDate, REFERENCE_DATE } from "../core/calendar";
import { legacyUpper, moneyString } from "../core/text";
import { SIZE_DESCRIPTIONS } from "../companies/catalog";
import { companyHolder, type CompanyHolder } from "../companies/holder";
import { moduleData, rulesFrom } from "../module-data";
import { personCore } from "../people/person";
import { personRegistry } from "../people/registry";
import { addressV1, addressV2, emailV2, phoneText, phoneV2 } from "./contact-formats";
import type { CompanyProfileV1, CompanyProfileV2 } from "../../formats/company-profile";

/** The Receita masks partners' CPFs as ***456789** (digits 4 to 9 visible). */
const maskedCpf = (cpf: string) => `***${cpf.slice(3, 9)}**`;

/** "2062" -> "206-2", the legacy way of printing legal natures. */
const legacyNature = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

function profileV1({ identity, partners, contacts, serviceListing }: CompanyHolder): CompanyProfileV1 {
  const address = addressV1(contacts.addresses[0]!);
  return {
    cnpj: identity.document,
    razaoSocial: legacyUpper(identity.name),
    nomeFantasia: legacyUpper(identity.tradeName),
    matrizFilial: identity.headOffice ? "MATRIZ" : "FILIAL",
    situacaoCadastral: legacyUpper(identity.status),
    dataSituacaoCadastral: brDate(identity.statusDate),
    motivoSituacao: legacyUpper(identity.statusReason),
    dataAbertura: brDate(identity.openedAt),
    naturezaJuridica: `${legacyNature(identity.legalNature.code)} - ${identity.legalNature.description}`,
    cnaePrincipal: `${identity.activity.code} - ${identity.activity.description}`,
    cnaesSecundarios: identity.secondaryActivities.map((activity) => `${activity.code} - ${activity.description}`),
    porte: identity.size,
    capitalSocial: moneyString(identity.shareCapital),
    socios: partners.map((partner) => ({
      nome: legacyUpper(partner.name),
      documento: partner.entity === "person" ? maskedCpf(partner.document) : partner.document,
      tipo: partner.entity === "person" ? "PF" : "PJ",
      qualificacao: `${partner.qualification.code} - ${partner.qualification.description}`,
      dataEntrada: brDate(partner.since),
      participacao: partner.sharePercent === null ? null : moneyString(partner.sharePercent),
    })),
    endereco: {
      logradouro: address.logradouro,
      numero: address.numero,
      complemento: address.complemento,
      bairro: address.bairro,
      municipio: address.cidade,
      uf: address.uf,
      cep: address.cep,
    },
    telefones: contacts.phones.map(phoneText),
    email: contacts.emails[0]?.address ?? null,
    listaRestritiva: { servico: serviceListing !== null, tipo: serviceListing?.type ?? null },
  };
}

function profileV2({ identity, partners, contacts, serviceListing }: CompanyHolder): CompanyProfileV2 {
  return {
    document: identity.document,
    name: identity.name,
    tradeName: identity.tradeName,
    headOffice: identity.headOffice,
    registration: { status: identity.status, statusDate: identity.statusDate, statusReason: identity.statusReason || null },
    openedAt: identity.openedAt,
    legalNature: identity.legalNature,
    activities: {
      main: { code: identity.activity.code, description: identity.activity.description },
      secondary: identity.secondaryActivities,
    },
    size: { code: identity.size, description: SIZE_DESCRIPTIONS[identity.size] },
    shareCapital: identity.shareCapital,
    taxRegime: identity.taxRegime,
    partners: partners.map(({ document, name, entity, qualification, since, sharePercent }) => ({
      document,
      name,
      entity,
      qualification,
      since,
      sharePercent,
    })),
    contacts: {
      addresses: contacts.addresses.map(addressV2),
      phones: contacts.phones.map(phoneV2),
      emails: contacts.emails.map(emailV2),
    },
    restrictiveLists: {
      service: { listed: serviceListing !== null, type: serviceListing?.type ?? null, since: serviceListing?.since ?? null },
    },
  };
}

/** The block formats it publishes are declared in server/datasets/formats/company-profile.ts. */
export type { CompanyProfileV1, CompanyProfileV2 };

export function buildCompanyProfile(version: string, cnpj: string) {
  const holder = companyHolder(cnpj);
  const block = version === "1.0" ? profileV1(holder) : profileV2(holder);
  const deceasedPartner = holder.partners.some((p) => p.entity === "person" && personRegistry(personCore(p.document)).death !== null);
  const rules = rulesFrom({
    company_inactive: holder.identity.status !== "Ativa",
    listed_on_service_restrictive_list: holder.serviceListing !== null,
    recently_opened_company: daysBetween(parseIsoDate(holder.identity.openedAt), REFERENCE_DATE) < 365,
    has_deceased_partner: deceasedPartner,
  });
  return moduleData("company", "profile", version, block, rules);
}
