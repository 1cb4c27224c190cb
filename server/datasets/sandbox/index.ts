// The sandbox dataset provider: deterministic, realistic data for any valid CPF/CNPJ, plus the
// documented sandbox documents that trigger each behaviour of the pipeline (behaviours.ts).
// See docs/sandbox.md for the documents and every dataset version's format.

import { normalizeDocument } from "../../../lib/contract/documents";
import { DATASET_VERSIONS, type DatasetProvider, type FetchRequest, type FetchResult } from "../types";
import { isSlow, isTimingBehaviour, sandboxDocument, simulatedFailure } from "./behaviours";
import { abortableSleep, type Sleep } from "./core/sleep";
import { buildModuleData } from "./formats";
import { buildOwnersLawsuits } from "./lawsuits/owners";

export interface SandboxProviderOptions {
  /** Delay added to every answer (demo realism). Default 0. */
  latencyMs?: number;
  /** How long the `slow` sandbox documents take per module. Default 30 000 (beyond the 25 s sync wait). */
  slowMs?: number;
  /** Injected timer (tests); must reject when the signal aborts. */
  sleep?: Sleep;
}

export function createSandboxProvider(options: SandboxProviderOptions = {}): DatasetProvider {
  const latencyMs = options.latencyMs ?? 0;
  const slowMs = options.slowMs ?? 30_000;
  const sleep = options.sleep ?? abortableSleep;
  return {
    name: "sandbox",
    async fetch(request: FetchRequest): Promise<FetchResult> {
      const normalized = normalizeDocument(request.document);
      const entry = normalized ? sandboxDocument(normalized.value) : undefined;
      const delay = latencyMs + (isSlow(entry, request.module) ? slowMs : 0);
      if (delay > 0) await sleep(delay, request.signal);
      request.signal?.throwIfAborted();
      return answer(request);
    },
  };
}

function answer(request: FetchRequest): FetchResult {
  const versions = DATASET_VERSIONS[request.module]?.[request.entity] ?? [];
  if (!versions.includes(request.version)) return { kind: "permanent_failure", reason: "dataset_not_available" };
  const normalized = normalizeDocument(request.document);
  if (!normalized || normalized.entity !== request.entity) return { kind: "permanent_failure", reason: "invalid_document" };
  const entry = sandboxDocument(normalized.value);
  const failure = simulatedFailure(entry, request);
  if (failure) return failure;
  const data =
    request.module === "ownersLawsuits" && request.parties && versions.includes(request.version)
      ? buildOwnersLawsuits(request.version, normalized.value, request.parties)
      : buildModuleData(request.entity, request.module, request.version, normalized.value);
  if (!data) return { kind: "permanent_failure", reason: "dataset_not_available" };
  // the documents about time show their behaviour on every request: the cache never keeps them
  return isTimingBehaviour(entry) ? { kind: "ok", data, cacheable: false } : { kind: "ok", data };
}

export { SANDBOX_DOCUMENTS, sandboxDocument, sandboxDocumentFor, type BehaviourName, type SandboxDocument } from "./behaviours";
export { REFERENCE_DATE } from "./core/calendar";
