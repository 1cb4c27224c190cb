// Collects one module inside the current round: asks the provider, retries temporary failures
// after the configured delays (module status `retrying` with nextAttemptAt), and records the result.
import type { Services } from "../context";
import type { AnswerSource, Entity, FanOutParties, FetchResult, ModuleName } from "../datasets/types";
import { updateModule } from "./store";
import { answerWriter, type SaveAnswer } from "./answer-writer";
import type { CachedAnswer } from "../datasets/cache";
import { ttlOf } from "../datasets/cache-ttl";
import { sourceOfAnswer } from "../datasets/sources";
import type { Collection, ModuleRun } from "./types";
import { sleep } from "../support/sleep";
import { countDatasetCache, observeProviderCall } from "../metrics/observe";

export type ModuleResult =
  /** `answer`: the data and source written (the runner hands the profile's to a fan-out). */
  | { kind: "ok"; answer?: { data: Record<string, unknown>; source: AnswerSource | null } }
  | { kind: "not_found" }
  | { kind: "exhausted"; reason: string }
  | { kind: "permanent"; reason: string }
  | { kind: "stopped" };

async function ask(
  s: Services,
  c: Collection,
  m: ModuleRun,
  attempt: number,
  signal: AbortSignal,
  parties?: FanOutParties,
): Promise<FetchResult> {
  const version = m.dataset.slice(m.dataset.lastIndexOf("-") + 1);
  const started = performance.now();
  try {
    const result = await s.provider.fetch({
      entity: c.entity as Entity,
      module: m.module as ModuleName,
      version,
      document: c.document,
      attempt,
      round: c.recoveryRound,
      signal,
      ...(parties ? { parties } : {}),
    });
    observeProviderCall(m.dataset, result.kind, (performance.now() - started) / 1000);
    return result;
  } catch (error) {
    observeProviderCall(m.dataset, "error", (performance.now() - started) / 1000);
    if (signal.aborted) return { kind: "temporary_failure", reason: "stopped" };
    // a provider that throws is a provider that failed for now: retry like any temporary failure
    s.log.warn({ err: error, collection: c.id, module: m.module }, "dataset provider threw");
    return { kind: "temporary_failure", reason: "provider_error" };
  }
}

export interface CollectOptions {
  /** Replaces the dataset provider for a local step (see OwnerHooks.steps). */
  fetch?: (attempt: number) => Promise<FetchResult>;
  /** The dataset cache's fresh answer for this module, used instead of asking the provider. */
  cached?: CachedAnswer;
  /** Writes the module's answer (default: alone); the runner shares one across a wave of modules. */
  save?: SaveAnswer;
  /** A fan-out's parties, named by another provider's profile (server/datasets/sources.ts). */
  parties?: FanOutParties;
}

export async function collectModule(
  s: Services,
  c: Collection,
  m: ModuleRun,
  signal: AbortSignal,
  options: CollectOptions = {},
): Promise<ModuleResult> {
  const { fetch, cached } = options;
  const save = options.save ?? answerWriter(s.db, c).save;
  const delays = s.config.schedules.moduleRetryMs;
  const maxAttempts = delays.length + 1;
  if (m.status === "failed") {
    // failed earlier in this round (the worker stopped before settling the round): same verdict
    const reason = m.lastError ?? "unknown";
    return m.permanent ? { kind: "permanent", reason } : { kind: "exhausted", reason };
  }
  if (!fetch && c.useCache) countDatasetCache(m.dataset, cached !== undefined);
  if (cached && !fetch) {
    const data = cached.found && cached.data ? cached.data : notFoundData(m);
    const source = sourceOfAnswer(m.module, cached.source, cached.data);
    const live = await save(m, { attempts: m.attempts, data, found: cached.found, at: new Date(), cachedAt: cached.fetchedAt, source });
    if (!live) return { kind: "stopped" };
    return cached.found ? { kind: "ok", answer: { data, source } } : { kind: "not_found" };
  }
  for (let attempt = m.attempts + 1; attempt <= maxAttempts; attempt++) {
    if (signal.aborted) return { kind: "stopped" };
    const result = fetch ? await fetch(attempt) : await ask(s, c, m, attempt, signal, options.parties);
    if (signal.aborted) return { kind: "stopped" };
    const now = new Date();
    if (result.kind === "ok" || result.kind === "not_found") {
      // a provider's answer is kept for the dataset's TTL (a local step's is not: fetch is set)
      const ttl = fetch || result.cacheable === false ? 0 : ttlOf(s.config.datasetCacheTtl, m.dataset);
      const data = result.kind === "ok" ? (result.data as Record<string, unknown>) : notFoundData(m);
      const source = fetch ? null : answerSource(result.source, options.parties);
      const live = await save(m, {
        attempts: attempt,
        data,
        found: result.kind === "ok",
        at: now,
        ...(ttl > 0 ? { keepUntil: new Date(now.getTime() + ttl) } : {}),
        source,
      });
      if (!live) return { kind: "stopped" };
      return result.kind === "ok" ? { kind: "ok", answer: { data, source } } : { kind: "not_found" };
    }
    if (result.kind === "permanent_failure") {
      await updateModule(s.db, c.id, m.module, {
        status: "failed",
        attempts: attempt,
        nextAttemptAt: null,
        lastError: result.reason,
        permanent: true,
      });
      return { kind: "permanent", reason: result.reason };
    }
    if (attempt === maxAttempts) {
      await updateModule(s.db, c.id, m.module, { status: "failed", attempts: attempt, nextAttemptAt: null, lastError: result.reason });
      return { kind: "exhausted", reason: result.reason };
    }
    const nextAttemptAt = new Date(now.getTime() + delays[attempt - 1]!);
    if (c.deadlineAt && nextAttemptAt >= c.deadlineAt) {
      // no retry runs beyond the deadline: the collection fails when the deadline passes
      await updateModule(s.db, c.id, m.module, { status: "failed", attempts: attempt, nextAttemptAt: null, lastError: result.reason });
      return { kind: "exhausted", reason: result.reason };
    }
    const live = await updateModule(s.db, c.id, m.module, {
      status: "retrying",
      attempts: attempt,
      nextAttemptAt,
      lastError: result.reason,
    });
    if (!live) return { kind: "stopped" };
    await sleep(nextAttemptAt.getTime() - Date.now(), signal);
  }
  return { kind: "stopped" };
}

/** The provider's word on its answer, with the provider whose parties a fan-out followed. */
function answerSource(source: AnswerSource | undefined, parties?: FanOutParties): AnswerSource | null {
  if (!source) return null;
  return parties ? { ...source, partiesFrom: parties.from } : source;
}

/** A not-found answer's module data: the module's block is null. */
function notFoundData(m: ModuleRun): Record<string, unknown> {
  return { dataset: m.dataset, module: m.module, [m.module]: null, rules: [] };
}
