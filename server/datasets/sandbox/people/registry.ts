// A person's CPF registry record (Receita Federal): status, inscription date, death record.
// Ordinary holders are almost all Regular; a few are pending regularisation, and some of the
// oldest are deceased. Sandbox documents force their documented status.

import { addDays, dateBetween, isoDate, parseIsoDate, REFERENCE_DATE, daysBeforeReference } from "../core/calendar";
import { rngFor } from "../core/prng";
import { sandboxDocument } from "../behaviours";
import type { PersonCore } from "./person";

export type CpfStatus =
  | "Regular"
  | "Suspensa"
  | "Titular Falecido"
  | "Pendente de Regularização"
  | "Cancelada por Multiplicidade"
  | "Nula"
  | "Cancelada de Ofício";

export interface PersonRegistry {
  status: CpfStatus;
  /** Date the CPF was issued. */
  registeredAt: string;
  /** Death record (obit); null when none. */
  death: { date: string } | null;
  /** Listed on the service's own restrictive list (sandbox behaviour service_blacklisted). */
  serviceListing: { type: string; since: string } | null;
}

export function personRegistry(core: PersonCore): PersonRegistry {
  const rng = rngFor(core.document, "registry");
  const behaviour = sandboxDocument(core.document);
  const birth = parseIsoDate(core.birthDate);
  // Most people get a CPF in their teens or early twenties (to open a bank account, work, vote).
  const registeredAt = isoDate(addDays(birth, rng.int(14 * 365, 24 * 365)));
  // Sandbox documents have exactly the documented status: Regular unless the behaviour says otherwise.
  const forced = behaviour ? ((behaviour.registryStatus as CpfStatus | undefined) ?? "Regular") : undefined;
  const oldAndDeceased = core.age >= 76 && rng.chance(0.3);
  const drawn = rng.weighted<CpfStatus>([
    ["Regular", 95],
    ["Pendente de Regularização", 4],
    ["Suspensa", 1],
  ]);
  const status: CpfStatus = forced ?? (oldAndDeceased ? "Titular Falecido" : drawn);
  const death =
    status === "Titular Falecido"
      ? { date: isoDate(dateBetween(daysBeforeReference(4 * 365), daysBeforeReference(45), rng.next())) }
      : null;
  const serviceListing =
    behaviour?.name === "service_blacklisted"
      ? { type: "confirmed_fraud", since: isoDate(dateBetween(daysBeforeReference(700), daysBeforeReference(30), rng.next())) }
      : null;
  return { status, registeredAt: minDate(registeredAt, isoDate(REFERENCE_DATE)), death, serviceListing };
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

export function isIrregular(status: CpfStatus): boolean {
  return status !== "Regular" && status !== "Titular Falecido";
}
