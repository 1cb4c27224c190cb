// Sandbox documents: like a payment API's test card numbers, each of these valid CPFs/CNPJs
// makes the sandbox behave in one documented way, so the pipeline's paths (not found, retries,
// recovery rounds, permanent failure, slow modules, risky holders) can be exercised on demand.
// docs/sandbox.md lists the same documents; a unit test keeps the two in step.
//
// The numbers follow a pattern that is easy to type: CPF base 000000NNR (NN = behaviour number,
// R = fiscal region, 8 = São Paulo), so 000.000.018-30 is behaviour 1, and CNPJ base
// 000000NN0001, so 00.000.001/0001-36 is behaviour 1.

import { makeCnpj, makeCpf } from "../../../lib/contract/documents";
import type { Entity, FetchRequest, FetchResult, ModuleName } from "../types";

export type BehaviourName =
  | "holder_not_found"
  | "temporary_then_ok"
  | "fails_first_round"
  | "exhausts_rounds"
  | "permanent_failure"
  | "slow"
  | "deceased"
  | "irregular"
  | "service_blacklisted"
  | "large_network"
  | "profile_temporary_then_ok"
  | "huge_network";

export interface SandboxDocument {
  name: BehaviourName;
  /** Normalized document (11 digits or 14 characters). */
  document: string;
  entity: Entity;
  description: string;
  /** The modules a failure behaviour applies to. */
  modules?: readonly ModuleName[];
  /** Registry status forced on the holder (irregular, deceased). */
  registryStatus?: string;
}

/** Modules that the round-failure behaviours make fail: the two most profiles plan after profile. */
const FAILING_MODULES: readonly ModuleName[] = ["finance", "lawsuits"];

const cpf = (behaviour: number, region: number) => makeCpf(`000000${String(behaviour).padStart(2, "0")}${region}`);
const cnpj = (behaviour: number) => makeCnpj(`000000${String(behaviour).padStart(2, "0")}0001`);

function both(name: BehaviourName, n: number, description: string, extra: Partial<SandboxDocument> = {}): SandboxDocument[] {
  return [
    { name, document: cpf(n, 8), entity: "person", description, ...extra },
    { name, document: cnpj(n), entity: "company", description, ...extra },
  ];
}

export const SANDBOX_DOCUMENTS: readonly SandboxDocument[] = [
  ...both(
    "holder_not_found",
    1,
    "No holder: profile answers not_found (every other module too), so the enrichment completes with outcome subject_not_found.",
  ),
  ...both(
    "temporary_then_ok",
    2,
    "Every module except profile answers temporary_failure on attempts 1 and 2 of round 0 and ok from attempt 3 on.",
  ),
  ...both(
    "fails_first_round",
    3,
    "finance and lawsuits answer temporary_failure on every attempt of round 0 and ok from round 1 on (one recovery round).",
    { modules: FAILING_MODULES },
  ),
  ...both(
    "exhausts_rounds",
    4,
    "finance and lawsuits answer temporary_failure on every attempt of every round: the enrichment ends FAILED with retry_exhausted.",
    { modules: FAILING_MODULES },
  ),
  ...both("permanent_failure", 5, "finance and lawsuits answer permanent_failure (upstream_rejected_document).", {
    modules: FAILING_MODULES,
  }),
  ...both("slow", 6, "Every module except profile takes slowMs (default 30 s, beyond the 25 s synchronous wait) before answering ok."),
  {
    name: "deceased",
    document: cpf(7, 8),
    entity: "person",
    description: "Deceased holder: CPF status Titular Falecido, obit recorded; rule deceased_holder fires.",
    registryStatus: "Titular Falecido",
  },
  {
    name: "irregular",
    document: cpf(8, 8),
    entity: "person",
    description: "CPF status Suspensa; rule irregular_fiscal_status fires.",
    registryStatus: "Suspensa",
  },
  {
    name: "irregular",
    document: cpf(8, 7),
    entity: "person",
    description: "CPF status Pendente de Regularização (holder in RJ/ES); rule irregular_fiscal_status fires.",
    registryStatus: "Pendente de Regularização",
  },
  {
    name: "irregular",
    document: cnpj(8),
    entity: "company",
    description: "CNPJ status Inapta; rule company_inactive fires.",
    registryStatus: "Inapta",
  },
  ...both(
    "service_blacklisted",
    9,
    "Listed on the service's restrictive list: profile blacklisted.service is true; rule listed_on_service_restrictive_list fires.",
  ),
  ...both(
    "large_network",
    10,
    "related returns a large network (at least 25 persons and companies), most of them with lawsuits, including sandbox holders that are deceased, blacklisted or inactive.",
  ),
  ...both(
    "profile_temporary_then_ok",
    11,
    "The profile module itself answers temporary_failure on attempt 1 of round 0 and ok on attempt 2.",
  ),
  ...both(
    "huge_network",
    12,
    "related returns a network of more than 300 persons and companies on three levels (links beyond the first carry via), most with lawsuits: the lawsuit network graph's large example.",
  ),
];

const BY_DOCUMENT = new Map(SANDBOX_DOCUMENTS.map((entry) => [entry.document, entry]));

export function sandboxDocument(document: string): SandboxDocument | undefined {
  return BY_DOCUMENT.get(document);
}

export function isSandboxDocument(document: string): boolean {
  return BY_DOCUMENT.has(document);
}

/** The documented document for a behaviour and entity (tests and docs use it). */
export function sandboxDocumentFor(name: BehaviourName, entity: Entity): SandboxDocument | undefined {
  return SANDBOX_DOCUMENTS.find((entry) => entry.name === name && entry.entity === entity);
}

const temporary = (reason: string): FetchResult => ({ kind: "temporary_failure", reason });

/** The failure this behaviour simulates for this request, or null when the request goes through. */
export function simulatedFailure(entry: SandboxDocument | undefined, request: FetchRequest): FetchResult | null {
  if (!entry) return null;
  const affected = entry.modules?.includes(request.module) ?? false;
  switch (entry.name) {
    case "holder_not_found":
      return { kind: "not_found" };
    case "temporary_then_ok":
      return request.module !== "profile" && request.round === 0 && request.attempt <= 2 ? temporary("upstream_timeout") : null;
    case "fails_first_round":
      return affected && request.round === 0 ? temporary("upstream_unavailable") : null;
    case "exhausts_rounds":
      return affected ? temporary("upstream_unavailable") : null;
    case "permanent_failure":
      return affected ? { kind: "permanent_failure", reason: "upstream_rejected_document" } : null;
    case "profile_temporary_then_ok":
      return request.module === "profile" && request.round === 0 && request.attempt === 1 ? temporary("upstream_timeout") : null;
    default:
      return null;
  }
}

/** Whether this module answers only after the configured slow delay. */
/**
 * Behaviours about time (failures, retries, slowness): their answers are never kept by the
 * dataset cache, so every request of these documents shows its behaviour again.
 */
const TIMING_BEHAVIOURS: ReadonlySet<BehaviourName> = new Set([
  "temporary_then_ok",
  "fails_first_round",
  "exhausts_rounds",
  "permanent_failure",
  "slow",
  "profile_temporary_then_ok",
]);

export function isTimingBehaviour(entry: SandboxDocument | undefined): boolean {
  return entry !== undefined && TIMING_BEHAVIOURS.has(entry.name);
}

export function isSlow(entry: SandboxDocument | undefined, module: ModuleName): boolean {
  return entry?.name === "slow" && module !== "profile";
}
