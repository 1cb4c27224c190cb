// Cursors of the review API's lists read oldest first by (created_at, id) with a UUID id (notes,
// saved views): the last item's created_at in microseconds and its id, HMAC-tagged with
// LUPA_CURSOR_SECRET and the list's name, so a client can neither craft one nor carry one from a
// list to another (the audit trail's own: server/review/audit/queries.ts).
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../http/errors";

export interface PagePosition {
  micros: string;
  id: string;
}

const TAG_BYTES = 12;
const tagOf = (list: string, text: string, secret: string) =>
  createHmac("sha256", secret).update(`lupa-${list}-cursor\0`).update(text).digest().subarray(0, TAG_BYTES);

export function encodePageCursor(list: string, p: PagePosition, secret: string): string {
  const text = `1:${p.micros}:${p.id}`;
  return Buffer.concat([Buffer.from(text), tagOf(list, text, secret)]).toString("base64url");
}

export function decodePageCursor(list: string, cursor: string, secret: string): PagePosition {
  const invalid = () => new ApiError("invalid_cursor", "cursor is not one this service issued");
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const bytes = Buffer.from(cursor, "base64url");
  if (bytes.toString("base64url") !== cursor || bytes.length <= TAG_BYTES) throw invalid();
  const text = bytes.subarray(0, bytes.length - TAG_BYTES).toString("utf8");
  if (!timingSafeEqual(bytes.subarray(bytes.length - TAG_BYTES), tagOf(list, text, secret))) throw invalid();
  const match = /^1:(-?\d{1,20}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(text);
  if (!match) throw invalid();
  return { micros: match[1]!, id: match[2]! };
}

/** created_at in microseconds since the epoch, as text (a cursor's position). */
export const microsOf = (createdAt: AnyColumn) => sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

/** Rows after the position, in (created_at, id) ascending order. */
export function after(createdAt: AnyColumn, id: AnyColumn, p: PagePosition): SQL {
  return sql`(${createdAt}, ${id}) > (timestamptz 'epoch' + ${p.micros}::bigint * interval '1 microsecond', ${p.id}::uuid)`;
}

/** The query's `limit`: an integer from 1 to `max`, `fallback` when absent (else invalid_parameter). */
export const pageLimit = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .default(fallback);
