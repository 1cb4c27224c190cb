// Kinds of lawsuits the sandbox files, with classes and subjects from the CNJ unified tables
// (TPU). A template says who sues whom, in which justice segment, with which class, subject,
// claim range and originating unit, so every generated lawsuit is a plausible one.

import type { JusticeSegment } from "./courts";

export interface Coded {
  code: number;
  name: string;
}

export const CLASSES = {
  comum: { code: 7, name: "Procedimento Comum Cível" },
  monitoria: { code: 40, name: "Monitória" },
  cumprimento: { code: 156, name: "Cumprimento de Sentença" },
  execucao: { code: 159, name: "Execução de Título Extrajudicial" },
  penal: { code: 283, name: "Ação Penal - Procedimento Ordinário" },
  juizado: { code: 436, name: "Procedimento do Juizado Especial Cível" },
  trabalhista: { code: 985, name: "Ação Trabalhista - Rito Ordinário" },
  sumarissimo: { code: 1125, name: "Ação Trabalhista - Rito Sumaríssimo" },
  fiscal: { code: 1116, name: "Execução Fiscal" },
} as const satisfies Record<string, Coded>;

const s = (code: number, name: string): Coded => ({ code, name });

export type LawsuitArea = "civil" | "consumer" | "labour" | "tax" | "criminal" | "social_security";

/** Who is on the other side of the holder. */
export type Counterpart =
  "known_company" | "person" | "company" | "municipality" | "state_treasury" | "union" | "prosecutor" | "social_security";

export interface LawsuitTemplate {
  segment: JusticeSegment;
  area: LawsuitArea;
  classes: readonly Coded[];
  subjects: readonly Coded[];
  holderSide: "active" | "passive";
  /** Procedural role of the holder and of the other party (autor/réu, exequente/executado...). */
  roles: { holder: string; counterpart: string };
  counterpart: Counterpart;
  /** For known_company counterparts: the creditor segments that file this kind of case. */
  creditorSegments?: readonly string[];
  /** Claim value range in BRL; null when the class has none (criminal cases). */
  claim: readonly [number, number] | null;
  /** Name of the originating unit, given a number and the city. */
  unit: (n: number, city: string) => string;
}

const vara = (kind: string) => (n: number, city: string) => `${n}ª Vara ${kind} de ${city}`;
const juizado = (kind: string) => (n: number, city: string) => `${n}º Juizado Especial ${kind} de ${city}`;

const T = {
  consumerPlaintiff: {
    segment: "state",
    area: "consumer",
    classes: [CLASSES.juizado],
    subjects: [
      s(7779, "Indenização por Dano Moral"),
      s(6226, "Inclusão Indevida em Cadastro de Inadimplentes"),
      s(7780, "Indenização por Dano Material"),
    ],
    holderSide: "active",
    roles: { holder: "autor", counterpart: "réu" },
    counterpart: "known_company",
    claim: [3_000, 40_000],
    unit: juizado("Cível"),
  },
  consumerDefendant: {
    segment: "state",
    area: "consumer",
    classes: [CLASSES.juizado, CLASSES.comum],
    subjects: [
      s(7779, "Indenização por Dano Moral"),
      s(7780, "Indenização por Dano Material"),
      s(7771, "Rescisão do contrato e devolução do dinheiro"),
    ],
    holderSide: "passive",
    roles: { holder: "réu", counterpart: "autor" },
    counterpart: "person",
    claim: [2_000, 45_000],
    unit: juizado("Cível"),
  },
  bankCollection: {
    segment: "state",
    area: "civil",
    classes: [CLASSES.execucao],
    subjects: [s(9607, "Contratos Bancários"), s(4960, "Cédula de Crédito Bancário")],
    holderSide: "passive",
    roles: { holder: "executado", counterpart: "exequente" },
    counterpart: "known_company",
    creditorSegments: ["Banco", "Financeira"],
    claim: [1_500, 180_000],
    unit: vara("Cível"),
  },
  debtMonitoria: {
    segment: "state",
    area: "civil",
    classes: [CLASSES.monitoria],
    subjects: [s(7691, "Cartão de Crédito"), s(9607, "Contratos Bancários"), s(4947, "Duplicata")],
    holderSide: "passive",
    roles: { holder: "réu", counterpart: "autor" },
    counterpart: "known_company",
    creditorSegments: ["Cartão de crédito", "Banco", "Varejo"],
    claim: [800, 60_000],
    unit: vara("Cível"),
  },
  civilDispute: {
    segment: "state",
    area: "civil",
    classes: [CLASSES.comum, CLASSES.cumprimento],
    subjects: [s(7780, "Indenização por Dano Material"), s(10441, "Acidente de Trânsito"), s(9580, "Locação de Imóvel")],
    holderSide: "passive",
    roles: { holder: "réu", counterpart: "autor" },
    counterpart: "person",
    claim: [5_000, 300_000],
    unit: vara("Cível"),
  },
  civilPlaintiff: {
    segment: "state",
    area: "civil",
    classes: [CLASSES.comum],
    subjects: [s(7780, "Indenização por Dano Material"), s(9580, "Locação de Imóvel")],
    holderSide: "active",
    roles: { holder: "autor", counterpart: "réu" },
    counterpart: "person",
    claim: [5_000, 200_000],
    unit: vara("Cível"),
  },
  collectionPlaintiff: {
    segment: "state",
    area: "civil",
    classes: [CLASSES.execucao, CLASSES.monitoria],
    subjects: [s(4947, "Duplicata"), s(4956, "Nota Promissória"), s(4963, "Cheque")],
    holderSide: "active",
    roles: { holder: "exequente", counterpart: "executado" },
    counterpart: "company",
    claim: [2_000, 250_000],
    unit: vara("Cível"),
  },
  labourPlaintiff: {
    segment: "labour",
    area: "labour",
    classes: [CLASSES.trabalhista, CLASSES.sumarissimo],
    subjects: [s(2546, "Verbas Rescisórias"), s(2086, "Horas Extras"), s(2594, "Adicional de Insalubridade")],
    holderSide: "active",
    roles: { holder: "reclamante", counterpart: "reclamado" },
    counterpart: "company",
    claim: [8_000, 180_000],
    unit: vara("do Trabalho"),
  },
  labourDefendant: {
    segment: "labour",
    area: "labour",
    classes: [CLASSES.trabalhista, CLASSES.sumarissimo],
    subjects: [s(2546, "Verbas Rescisórias"), s(2086, "Horas Extras"), s(1855, "Reconhecimento de Relação de Emprego")],
    holderSide: "passive",
    roles: { holder: "reclamado", counterpart: "reclamante" },
    counterpart: "person",
    claim: [8_000, 220_000],
    unit: vara("do Trabalho"),
  },
  municipalTax: {
    segment: "state",
    area: "tax",
    classes: [CLASSES.fiscal],
    subjects: [s(5952, "IPTU/ Imposto Predial e Territorial Urbano"), s(5953, "ISS/ Imposto sobre Serviços")],
    holderSide: "passive",
    roles: { holder: "executado", counterpart: "exequente" },
    counterpart: "municipality",
    claim: [600, 60_000],
    unit: (_n, city) => `Vara das Execuções Fiscais de ${city}`,
  },
  stateTax: {
    segment: "state",
    area: "tax",
    classes: [CLASSES.fiscal],
    subjects: [s(5946, "ICMS/ Imposto sobre Circulação de Mercadorias")],
    holderSide: "passive",
    roles: { holder: "executado", counterpart: "exequente" },
    counterpart: "state_treasury",
    claim: [5_000, 900_000],
    unit: (_n, city) => `Vara das Execuções Fiscais Estaduais de ${city}`,
  },
  federalTax: {
    segment: "federal",
    area: "tax",
    classes: [CLASSES.fiscal],
    subjects: [s(6017, "Dívida Ativa"), s(5977, "Contribuições Previdenciárias")],
    holderSide: "passive",
    roles: { holder: "executado", counterpart: "exequente" },
    counterpart: "union",
    claim: [10_000, 1_500_000],
    unit: vara("Federal de Execuções Fiscais"),
  },
  socialSecurity: {
    segment: "federal",
    area: "social_security",
    classes: [CLASSES.juizado],
    subjects: [
      s(6096, "Aposentadoria por Idade"),
      s(6101, "Auxílio por Incapacidade Temporária"),
      s(6114, "Benefício Assistencial (Art. 203, V CF/88)"),
    ],
    holderSide: "active",
    roles: { holder: "autor", counterpart: "réu" },
    counterpart: "social_security",
    claim: [10_000, 80_000],
    unit: juizado("Federal Cível"),
  },
  criminal: {
    segment: "state",
    area: "criminal",
    classes: [CLASSES.penal],
    subjects: [s(3431, "Estelionato"), s(3416, "Furto"), s(3444, "Receptação"), s(3608, "Crimes contra a Ordem Tributária")],
    holderSide: "passive",
    roles: { holder: "réu", counterpart: "autor" },
    counterpart: "prosecutor",
    claim: null,
    unit: vara("Criminal"),
  },
} as const satisfies Record<string, LawsuitTemplate>;

export const PERSON_TEMPLATES: readonly (readonly [LawsuitTemplate, number])[] = [
  [T.consumerPlaintiff, 22],
  [T.bankCollection, 12],
  [T.debtMonitoria, 6],
  [T.labourPlaintiff, 15],
  [T.civilDispute, 10],
  [T.civilPlaintiff, 5],
  [T.municipalTax, 10],
  [T.socialSecurity, 8],
  [T.criminal, 5],
];

export const COMPANY_TEMPLATES: readonly (readonly [LawsuitTemplate, number])[] = [
  [T.labourDefendant, 30],
  [T.consumerDefendant, 22],
  [T.collectionPlaintiff, 14],
  [T.bankCollection, 10],
  [T.federalTax, 10],
  [T.stateTax, 6],
  [T.municipalTax, 4],
  [T.civilDispute, 4],
];
