// Income and asset bands in minimum wages (SM), the way Brazilian bureaus publish them.

/** National minimum wage in force on the reference date (Decreto 12.797/2025: R$ 1.621 from 2026-01-01). */
export const MINIMUM_WAGE = 1621;

export const INCOME_BANDS = [
  { label: "ATÉ 1 SM", max: 1 },
  { label: "DE 1 A 3 SM", max: 3 },
  { label: "DE 3 A 5 SM", max: 5 },
  { label: "DE 5 A 10 SM", max: 10 },
  { label: "DE 10 A 20 SM", max: 20 },
  { label: "ACIMA DE 20 SM", max: Infinity },
] as const;

export function incomeBand(monthly: number): string {
  const wages = monthly / MINIMUM_WAGE;
  return INCOME_BANDS.find((band) => wages <= band.max)!.label;
}

export const ASSET_BANDS = [
  "ATÉ R$ 50 MIL",
  "DE R$ 50 MIL A R$ 200 MIL",
  "DE R$ 200 MIL A R$ 500 MIL",
  "DE R$ 500 MIL A R$ 1 MI",
  "ACIMA DE R$ 1 MI",
] as const;

/** Company revenue bands follow the Simples Nacional size limits (MEI, ME, EPP). */
export const REVENUE_BANDS = {
  MEI: "ATÉ R$ 81 MIL",
  ME: "DE R$ 81 MIL A R$ 360 MIL",
  EPP: "DE R$ 360 MIL A R$ 4,8 MI",
  DEMAIS: "ACIMA DE R$ 4,8 MI",
} as const;
