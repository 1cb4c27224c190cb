// Fictional institutions that show up as creditors and counterparties (banks, a card issuer, a
// telecom, a power distributor, a retailer). Their CNPJs are fixed, and the company generator
// honours them, so querying a creditor's CNPJ gives back the same name the lawsuit showed.

import { makeCnpj } from "../../../../lib/contract/documents";
import type { Activity, LegalNatureKey } from "./catalog";

export interface KnownCompany {
  document: string;
  name: string;
  tradeName: string;
  nature: LegalNatureKey;
  activity: Omit<Activity, "trade">;
  uf: string;
  openedAt: string;
  shareCapital: number;
  /** Segment as credit bureaus label the creditor. */
  segment: string;
}

const known = (n: number, rest: Omit<KnownCompany, "document">): KnownCompany => ({
  document: makeCnpj(`900000${String(n).padStart(2, "0")}0001`),
  ...rest,
});

export const KNOWN_COMPANIES: readonly KnownCompany[] = [
  known(1, {
    name: "Banco Horizonte S.A.",
    tradeName: "Banco Horizonte",
    nature: "anonimaAberta",
    activity: { code: "6422-1/00", description: "Bancos múltiplos, com carteira comercial", sector: "Banco" },
    uf: "SP",
    openedAt: "1968-05-20",
    shareCapital: 12_500_000_000,
    segment: "Banco",
  }),
  known(2, {
    name: "Banco Aurora de Crédito S.A.",
    tradeName: "Aurora Banco",
    nature: "anonimaAberta",
    activity: { code: "6422-1/00", description: "Bancos múltiplos, com carteira comercial", sector: "Banco" },
    uf: "RJ",
    openedAt: "1974-09-02",
    shareCapital: 4_800_000_000,
    segment: "Banco",
  }),
  known(3, {
    name: "Progresso S.A. Crédito, Financiamento e Investimento",
    tradeName: "Financeira Progresso",
    nature: "anonimaFechada",
    activity: { code: "6436-1/00", description: "Sociedades de crédito, financiamento e investimento - financeiras", sector: "Financeira" },
    uf: "SP",
    openedAt: "1992-03-16",
    shareCapital: 380_000_000,
    segment: "Financeira",
  }),
  known(4, {
    name: "Cartão Fácil Administradora de Cartões Ltda",
    tradeName: "Cartão Fácil",
    nature: "limitada",
    activity: { code: "6613-4/00", description: "Administração de cartões de crédito", sector: "Cartões" },
    uf: "SP",
    openedAt: "2001-07-09",
    shareCapital: 95_000_000,
    segment: "Cartão de crédito",
  }),
  known(5, {
    name: "Conecta Telecomunicações S.A.",
    tradeName: "Conecta",
    nature: "anonimaAberta",
    activity: { code: "6120-5/01", description: "Telefonia móvel celular", sector: "Telecomunicações" },
    uf: "RJ",
    openedAt: "1998-08-04",
    shareCapital: 7_200_000_000,
    segment: "Telefonia",
  }),
  known(6, {
    name: "Luz Nacional Distribuidora de Energia S.A.",
    tradeName: "Luz Nacional",
    nature: "anonimaAberta",
    activity: { code: "3514-0/00", description: "Distribuição de energia elétrica", sector: "Energia" },
    uf: "MG",
    openedAt: "1997-11-25",
    shareCapital: 3_100_000_000,
    segment: "Energia elétrica",
  }),
  known(7, {
    name: "Magazine Estrela Varejo S.A.",
    tradeName: "Magazine Estrela",
    nature: "anonimaAberta",
    activity: {
      code: "4753-9/00",
      description: "Comércio varejista especializado de eletrodomésticos e equipamentos de áudio e vídeo",
      sector: "Varejo",
    },
    uf: "SP",
    openedAt: "1979-02-12",
    shareCapital: 2_400_000_000,
    segment: "Varejo",
  }),
];

const BY_DOCUMENT = new Map(KNOWN_COMPANIES.map((company) => [company.document, company]));

export function knownCompany(document: string): KnownCompany | undefined {
  return BY_DOCUMENT.get(document);
}
