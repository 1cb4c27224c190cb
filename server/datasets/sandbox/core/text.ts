// Small text helpers for generated names, slugs and money.

/** "São João" -> "Sao Joao" (e-mail local parts and legacy upper-case fields drop accents). */
export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** "Maria de Souza" -> "maria.de.souza" style slug with a custom separator. */
export function slug(text: string, separator = "."): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, "g"), "");
}

/** Legacy datasets publish names in upper case, without accents. */
export function legacyUpper(text: string): string {
  return stripAccents(text).toUpperCase();
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/** 1234.5 -> "1234.50" (the legacy datasets send amounts as strings with a dot). */
export function moneyString(value: number): string {
  return value.toFixed(2);
}
