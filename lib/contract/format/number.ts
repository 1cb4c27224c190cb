const integer = new Intl.NumberFormat("pt-BR");
const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

export function formatInteger(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "—" : integer.format(value);
}

/** R$ 1.234,56 */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === "string" ? Number(value) : value;
  return amount === null || amount === undefined || !Number.isFinite(amount) ? "—" : money.format(amount);
}

/** "42,5%" from a share on the given scale (100: 42.5; 1: 0.425). */
export function formatPercent(value: number | null | undefined, scale: 1 | 100 = 100): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return percent.format(value / scale);
}

const plurals = new Intl.PluralRules("pt-BR");

/**
 * "1 verificação" / "57 verificações" / "1.000 processos": the number in pt-BR and the noun that
 * agrees with it, by Intl's plural rules (CLDR counts 0 as "one" in Portuguese, but a page writes
 * "0 processos").
 */
export function pluralize(count: number, singular: string, plural: string): string {
  return `${integer.format(count)} ${count !== 0 && plurals.select(count) === "one" ? singular : plural}`;
}
