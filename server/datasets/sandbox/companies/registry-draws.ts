// How each registry fact of a generated company is drawn: size, opening date, status date,
// legal name, secondary activities, share capital and tax regime, following the Receita's rules
// (the MEI regime exists since 2009, associations have no capital, and so on).

import { formatDocument } from "../../../../lib/contract/documents";
import { dateBetween, daysBeforeReference, isoDate, parseIsoDate } from "../core/calendar";
import type { Rng, Weighted } from "../core/prng";
import { bareSurname } from "../people/names";
import type { PersonCore } from "../people/person";
import { activitiesFor, STATUS_REASONS, type CompanySize, type Coded, type LegalNatureKey, type RegistrationStatus } from "./catalog";

export const NATURE_WEIGHTS: Weighted<LegalNatureKey> = [
  ["limitada", 60],
  ["individual", 22],
  ["anonimaFechada", 6],
  ["simplesLimitada", 6],
  ["associacao", 4],
  ["cooperativa", 2],
];

export const STATUS_WEIGHTS: Weighted<RegistrationStatus> = [
  ["Ativa", 90],
  ["Baixada", 4],
  ["Inapta", 3],
  ["Suspensa", 2],
  ["Nula", 1],
];

/** Old registrations were all re-dated by the Receita's 2005 mass update; real records show it. */
const MASS_UPDATE_DATE = "2005-11-03";

export function statusOf(rng: Rng, status: RegistrationStatus, openedAt: string) {
  const statusDate =
    status === "Ativa"
      ? openedAt < MASS_UPDATE_DATE
        ? MASS_UPDATE_DATE
        : openedAt
      : isoDate(dateBetween(maxDate(parseIsoDate(openedAt), daysBeforeReference(5 * 365)), daysBeforeReference(20), rng.next()));
  return { status, statusDate, statusReason: STATUS_REASONS[status] };
}

function maxDate(a: Date, b: Date): Date {
  return a.getTime() > b.getTime() ? a : b;
}

export function pickSize(rng: Rng, nature: LegalNatureKey): CompanySize {
  switch (nature) {
    case "individual":
      return rng.chance(0.7) ? "MEI" : "ME";
    case "anonimaFechada":
    case "anonimaAberta":
    case "associacao":
    case "cooperativa":
      return "DEMAIS";
    default:
      return rng.weighted<CompanySize>([
        ["ME", 55],
        ["EPP", 30],
        ["DEMAIS", 15],
      ]);
  }
}

export function pickOpening(rng: Rng, size: CompanySize): string {
  // The MEI regime exists since 2009; other companies span four decades, younger ones more common.
  const oldest = size === "MEI" ? daysBeforeReference(16 * 365) : daysBeforeReference(rng.chance(0.7) ? 15 * 365 : 40 * 365);
  return isoDate(dateBetween(oldest, daysBeforeReference(60), rng.next()));
}

export function legalName(
  rng: Rng,
  nature: LegalNatureKey,
  size: CompanySize,
  sector: string,
  fantasy: string,
  founder: PersonCore,
  cnpj: string,
): string {
  const surname = bareSurname(founder.lastSurname);
  switch (nature) {
    // An MEI's legal name is the root of its CNPJ followed by the owner's name.
    case "individual":
      return size === "MEI" ? `${formatDocument(cnpj).slice(0, 10)} ${founder.name}` : founder.name;
    case "anonimaFechada":
      return `${fantasy} ${sector} S.A.`;
    case "associacao":
      return `Associação ${fantasy} de ${sector}`;
    case "cooperativa":
      return `Cooperativa ${fantasy} de ${sector}`;
    case "simplesLimitada":
      return `${surname} ${sector} S/S Ltda`;
    default:
      return rng.chance(0.55) ? `${surname} ${sector} Ltda` : `${fantasy} ${sector} Ltda`;
  }
}

export function secondaryActivities(rng: Rng, nature: LegalNatureKey, mainCode: string): Coded[] {
  const count = rng.weighted<number>([
    [0, 40],
    [1, 35],
    [2, 25],
  ]);
  const others = activitiesFor(nature).filter((activity) => activity.code !== mainCode);
  if (others.length === 0) return [];
  const picked = new Map<string, Coded>();
  for (let i = 0; i < count; i++) {
    const activity = rng.pick(others);
    picked.set(activity.code, { code: activity.code, description: activity.description });
  }
  return [...picked.values()];
}

export function shareCapital(rng: Rng, nature: LegalNatureKey, size: CompanySize): number {
  if (nature === "associacao") return 0;
  const [min, max] =
    size === "MEI" ? [1_000, 10_000] : size === "ME" ? [5_000, 100_000] : size === "EPP" ? [50_000, 500_000] : [500_000, 50_000_000];
  // Capital is declared in round figures.
  return Math.round(rng.int(min, max) / 1000) * 1000;
}

export function taxRegime(size: CompanySize, nature: LegalNatureKey): string {
  if (size === "MEI") return "MEI";
  if (nature === "associacao") return "Imune/Isenta";
  if (size === "DEMAIS") return nature === "limitada" ? "Lucro Presumido" : "Lucro Real";
  return "Simples Nacional";
}
