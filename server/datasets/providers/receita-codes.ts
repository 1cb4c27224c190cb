// The Receita's codes in the CNPJ open data layout, in the words the datasets publish.

/** SITUAÇÃO CADASTRAL: 01 Nula, 2 Ativa, 3 Suspensa, 4 Inapta, 08 Baixada. */
export const STATUS: Record<number, string> = { 1: "Nula", 2: "Ativa", 3: "Suspensa", 4: "Inapta", 8: "Baixada" };

/** PORTE DA EMPRESA: 00 não informado, 01 micro empresa, 03 pequeno porte, 05 demais. */
export const SIZE: Record<number, { code: string; description: string }> = {
  0: { code: "", description: "Não informado" },
  1: { code: "ME", description: "Microempresa" },
  3: { code: "EPP", description: "Empresa de Pequeno Porte" },
  5: { code: "DEMAIS", description: "Demais" },
};

/** FAIXA ETÁRIA of a partner. */
export const AGE_BAND: Record<number, string> = {
  0: "Não se aplica",
  1: "0 a 12 anos",
  2: "13 a 20 anos",
  3: "21 a 30 anos",
  4: "31 a 40 anos",
  5: "41 a 50 anos",
  6: "51 a 60 anos",
  7: "61 a 70 anos",
  8: "71 a 80 anos",
  9: "Mais de 80 anos",
};

/** IDENTIFICADOR DE SÓCIO: 1 pessoa jurídica, 2 pessoa física, 3 estrangeiro. */
export const PARTNER_COMPANY = 1;
export const PARTNER_FOREIGN = 3;

/** 4711302 -> "4711-3/02", as CNAEs are written. */
export function cnaeCode(code: number | string): string {
  const d = String(code).padStart(7, "0");
  return `${d.slice(0, 4)}-${d.slice(4, 5)}/${d.slice(5)}`;
}

export const twoDigits = (code: number | null) => (code === null ? "" : String(code).padStart(2, "0"));
export const fourDigits = (code: number | null) => (code === null ? "" : String(code).padStart(4, "0"));

/** YYYY-MM-DD -> DD/MM/YYYY; null -> "". */
export const brDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");

export const MASKED_CPF = /^\*{3}\d{6}\*{2}$/;
