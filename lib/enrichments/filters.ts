// Filters of /enrichments, kept in the URL: status, profile, batch, document, dates (local days,
// São Paulo), and the cursor with the trail of earlier cursors (so "Anterior" can go back).
import { normalizeDocument } from "@/lib/contract/documents";
import { ENRICHMENT_STATUSES } from "./labels";

export interface EnrichmentFilters {
  status?: (typeof ENRICHMENT_STATUSES)[number];
  profileId?: string;
  batchId?: string;
  document?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
  cursor?: string;
  /** Cursors of the pages before this one, oldest first ("" is the first page). */
  trail: string[];
}

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: Params, key: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() ? text.trim().slice(0, 500) : undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TOKEN = /^[A-Za-z0-9_.~-]{1,300}$/;

export function parseEnrichmentFilters(params: Params): EnrichmentFilters {
  const status = read(params, "status");
  const from = read(params, "from");
  const to = read(params, "to");
  const cursor = read(params, "cursor");
  const trail = (read(params, "trail") ?? "").split(",").filter((c) => c === "" || TOKEN.test(c));
  return {
    status: (ENRICHMENT_STATUSES as readonly string[]).includes(status ?? "") ? (status as EnrichmentFilters["status"]) : undefined,
    profileId: read(params, "profileId"),
    batchId: read(params, "batchId"),
    document: read(params, "document"),
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    cursor: cursor && TOKEN.test(cursor) ? cursor : undefined,
    trail: cursor ? trail.slice(-50) : [],
  };
}

export function filtersToSearch(f: EnrichmentFilters): string {
  const params = new URLSearchParams();
  for (const key of ["status", "profileId", "batchId", "document", "from", "to", "cursor"] as const) {
    const value = f[key];
    if (value) params.set(key, value);
  }
  if (f.cursor && f.trail.length) params.set("trail", f.trail.join(","));
  return params.toString();
}

/** São Paulo has no daylight saving time since 2019: local days start at 03:00 UTC. */
const SAO_PAULO_OFFSET = "-03:00";

export function dayStart(day: string): string {
  return `${day}T00:00:00${SAO_PAULO_OFFSET}`;
}

export function nextDayStart(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return `${d.toISOString().slice(0, 10)}T00:00:00${SAO_PAULO_OFFSET}`;
}

/** The API query for these filters; a document that is not a valid CPF/CNPJ is reported, not sent. */
export function toApiQuery(f: EnrichmentFilters): { query: Record<string, string>; invalidDocument: boolean } {
  const query: Record<string, string> = {};
  if (f.profileId) query.profileId = f.profileId;
  if (f.batchId) query.batchId = f.batchId;
  let invalidDocument = false;
  if (f.document) {
    const normalized = normalizeDocument(f.document);
    if (normalized) query.document = normalized.value;
    else invalidDocument = true;
  }
  if (f.from) query.from = dayStart(f.from);
  if (f.to) query.to = nextDayStart(f.to);
  if (f.cursor) query.cursor = f.cursor;
  return { query, invalidDocument };
}
