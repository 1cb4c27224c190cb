// Query of GET /api/v3/enrichments (spec 4.4): cursor, limit (default 20, above 100 becomes 100),
// from/to (RFC 3339 with offset), document, profileId, entity (person, company, pf, pj), batchId,
// lane. Each bad parameter has its own code; an unknown parameter (refused by route()), or a bad
// lane (the spec gives it no code), is invalid_body. Repeating a parameter is that parameter's error.
import { ApiError, type ErrorCode } from "../../http/errors";
import { normalizeDocument } from "../../../lib/contract/documents";
import { decodeCursor, type CursorPosition } from "../cursor";
import type { ListFilters } from "./queries";
import { parseRfc3339 } from "./timestamps";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

const ENTITIES = new Map<string, "person" | "company">([
  ["person", "person"],
  ["company", "company"],
  ["pf", "person"],
  ["pj", "company"],
]);

export interface ListQuery {
  filters: ListFilters;
  limit: number;
  after: CursorPosition | null;
}

function single(query: Record<string, unknown>, name: string, code: ErrorCode): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new ApiError(code, `${name} must be given once`);
  return value;
}

export function parseListQuery(raw: unknown, cursorSecret: string): ListQuery {
  // unknown parameters were refused by route() (server/http/route.ts) against the query schema
  const query = (raw ?? {}) as Record<string, unknown>;

  let limit = DEFAULT_LIMIT;
  const limitText = single(query, "limit", "invalid_limit");
  if (limitText !== undefined) {
    if (!/^\d{1,12}$/.test(limitText) || Number(limitText) < 1) throw new ApiError("invalid_limit", "limit must be a positive integer");
    limit = Math.min(Number(limitText), MAX_LIMIT);
  }
  let after: CursorPosition | null = null;
  const cursor = single(query, "cursor", "invalid_cursor");
  if (cursor !== undefined) {
    after = decodeCursor(cursor, cursorSecret);
    if (!after) throw new ApiError("invalid_cursor", "cursor is not a cursor returned by this list");
  }
  const filters: ListFilters = {};
  const from = single(query, "from", "invalid_from");
  if (from !== undefined) {
    filters.from = parseRfc3339(from) ?? undefined;
    if (!filters.from) throw new ApiError("invalid_from", "from must be an RFC 3339 date-time with offset");
  }
  const to = single(query, "to", "invalid_to");
  if (to !== undefined) {
    filters.to = parseRfc3339(to) ?? undefined;
    if (!filters.to) throw new ApiError("invalid_to", "to must be an RFC 3339 date-time with offset");
  }
  if (filters.from && filters.to && filters.from >= filters.to) throw new ApiError("invalid_date_range", "from must be before to");
  const document = single(query, "document", "invalid_document");
  if (document !== undefined) {
    const normalized = normalizeDocument(document);
    if (!normalized) throw new ApiError("invalid_document", "document is not a valid CPF or CNPJ");
    filters.document = normalized.value;
  }
  const profileId = single(query, "profileId", "invalid_body");
  if (profileId !== undefined) filters.profileId = profileId;
  const entity = single(query, "entity", "invalid_entity");
  if (entity !== undefined) {
    filters.entity = ENTITIES.get(entity.toLowerCase());
    if (!filters.entity) throw new ApiError("invalid_entity", "entity must be person, company, pf or pj");
  }
  const batchId = single(query, "batchId", "invalid_body");
  if (batchId !== undefined) filters.batchId = batchId;
  const lane = single(query, "lane", "invalid_body");
  if (lane !== undefined) {
    if (lane !== "interactive" && lane !== "batch") throw new ApiError("invalid_body", "lane must be interactive or batch");
    filters.lane = lane;
  }
  return { filters, limit, after };
}
