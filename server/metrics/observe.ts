// The hooks the service calls as things happen. Each resolves its labelled series once (nested
// maps keyed by the label values, see series.ts) and then adds to a number: no string is built
// and nothing is allocated per call once a label combination was seen.
import { keyed1, keyed2, keyed3 } from "./series";
import {
  callbackDeliveries,
  collectionDuration,
  collectionsCreated,
  collectionsEnded,
  datasetCacheHits,
  datasetCacheMisses,
  httpDuration,
  httpRequests,
  providerCalls,
  providerDuration,
} from "./definitions";

/** The label of requests that matched no route (404s): never the URL itself. */
export const UNMATCHED_ROUTE = "unmatched";

const httpRoute = keyed2((route: string, method: string) => ({
  duration: httpDuration.series({ route, method }),
  byStatus: keyed1((status: number) => httpRequests.series({ route, method, status: String(status) })),
}));

/** An answered API request: `route` is the route's template (`/api/v2/verifications/:id`), or undefined when none matched. */
export function observeHttp(route: string | undefined, method: string, status: number, seconds: number): void {
  const entry = httpRoute(route ?? UNMATCHED_ROUTE, method);
  entry.duration.observe(seconds);
  entry.byStatus(status).inc();
}

type Kind = "enrichment" | "verification";

const created = keyed2((kind: string, lane: string) => collectionsCreated.series({ kind, lane }));

/** `count` enrichments or verifications committed (one, or a batch's). */
export function countCreated(kind: Kind, lane: string, count = 1): void {
  created(kind, lane).inc(count);
}

const ended = keyed3((kind: string, lane: string, state: string) => ({
  count: collectionsEnded.series({ kind, lane, state }),
  duration: collectionDuration.series({ kind, lane, state }),
}));

/** A collection made terminal (after the statement or transaction that did it). */
export function countEnded(c: { owner: string; lane: string; status: string; createdAt: Date; completedAt: Date | null }): void {
  const series = ended(c.owner, c.lane, c.status);
  series.count.inc();
  if (c.completedAt) series.duration.observe(Math.max(0, c.completedAt.getTime() - c.createdAt.getTime()) / 1000);
}

const provider = keyed1((dataset: string) => ({
  duration: providerDuration.series({ dataset }),
  byOutcome: keyed1((outcome: string) => providerCalls.series({ dataset, outcome })),
}));

/** One call to the dataset provider: its outcome (`ok`, `not_found`, `temporary_failure`, `permanent_failure`, `error` when it threw). */
export function observeProviderCall(dataset: string, outcome: string, seconds: number): void {
  const entry = provider(dataset);
  entry.duration.observe(seconds);
  entry.byOutcome(outcome).inc();
}

const cacheHit = keyed1((dataset: string) => datasetCacheHits.series({ dataset }));
const cacheMiss = keyed1((dataset: string) => datasetCacheMisses.series({ dataset }));

/** A module answered from the dataset cache (hit), or asked of the provider for want of a fresh answer (miss). */
export function countDatasetCache(dataset: string, hit: boolean): void {
  (hit ? cacheHit : cacheMiss)(dataset).inc();
}

export type CallbackOutcome = "delivered" | "retry" | "gone" | "refused" | "abandoned";
const callback = keyed1((outcome: string) => callbackDeliveries.series({ outcome }));

/** One callback delivery attempt. */
export function countCallbackAttempt(outcome: CallbackOutcome): void {
  callback(outcome).inc();
}
