import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getEnrichment, getEnrichmentRoot, listEnrichments } from "@/lib/api/enrichments";
import { reviewFetch } from "@/lib/api/review";
import type { EnrichmentReview } from "@/lib/contract/review";
import type { ModuleSourceView } from "@/lib/contract/source-labels";
import type { ApiEnrichment, ApiEnrichmentSummary } from "./api-types";
import type { EnrichmentFilters } from "./filters";
import { toApiQuery } from "./filters";
import { isTerminalEnrichment } from "./labels";
import { toDetail, toRow, type EnrichmentDetail, type EnrichmentPage } from "./view";

// Reads of the enrichment pages (BFF side).

const PAGE = 20;
/** With a status filter, the BFF reads up to this many API pages of 50 to fill one page. */
const STATUS_SCAN_PAGES = 4;
const MODULE_READS_AT_ONCE = 5;

async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

export class InvalidDocumentFilter extends Error {}

export async function readEnrichmentPage(token: string, filters: EnrichmentFilters, signal?: AbortSignal): Promise<EnrichmentPage> {
  const { query, invalidDocument } = toApiQuery(filters);
  if (invalidDocument) throw new InvalidDocumentFilter("invalid document");
  let items: ApiEnrichmentSummary[] = [];
  let cursor: string | null = query.cursor ?? null;
  let scanned = 0;
  if (!filters.status) {
    const page = await listEnrichments(token, { ...query, limit: PAGE }, signal);
    items = page.items;
    cursor = page.nextCursor;
    scanned = 1;
  } else {
    do {
      const page = await listEnrichments(token, { ...query, cursor: cursor ?? undefined, limit: 50 }, signal);
      items.push(...page.items.filter((e) => e.status === filters.status));
      cursor = page.nextCursor;
      scanned++;
    } while (cursor && items.length < PAGE && scanned < STATUS_SCAN_PAGES);
  }
  // Module progress per row: the list items are summaries, so each row's root is read (terminal
  // and running alike); a row whose read fails shows no progress rather than failing the page.
  const modules = await mapBounded(items, MODULE_READS_AT_ONCE, async (e) => {
    try {
      return (await getEnrichmentRoot(token, e.id, signal)).modules;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw error;
      return null;
    }
  });
  return { items: items.map((e, i) => toRow(e, modules[i] ?? null)), nextCursor: cursor, scanned };
}

export async function readEnrichmentDetail(token: string, id: string, signal?: AbortSignal): Promise<EnrichmentDetail> {
  const [{ enrichment, retryAfter }, sources] = await Promise.all([getEnrichment(token, id, signal), readSources(token, id, signal)]);
  return { ...toDetail(enrichment, isTerminalEnrichment(enrichment.status) ? null : retryAfter), sources };
}

/**
 * Where each module's data came from (the review API, issue 28); null when the API has no such
 * route (another deployment of the interface) or does not answer: the page then names no source.
 */
async function readSources(token: string, id: string, signal?: AbortSignal): Promise<ModuleSourceView[] | null> {
  try {
    return (await reviewFetch<EnrichmentReview>(`/enrichments/${encodeURIComponent(id)}`, { token, signal, timeoutMs: 5_000 })).sources;
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) return null;
    throw error;
  }
}

export function isFinished(e: ApiEnrichment | { id: string; status: string }): e is ApiEnrichment {
  return "modules" in e;
}
