// Reads of the audit trail, newest first: (created_at, id) descending, a page at a time with an
// opaque cursor (the last event's created_at in microseconds and id, HMAC-tagged with
// LUPA_CURSOR_SECRET so a client cannot craft one). Filters: type (one or several), actor, case,
// [from, to). Each filter has an index that starts with the workspace (migration 0012).
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditEvents } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { AuditEvent, AuditEventType } from "../../../lib/contract/review";

export interface AuditFilters {
  types?: AuditEventType[];
  actorId?: string;
  caseId?: string;
  from?: Date;
  to?: Date;
}

interface Position {
  micros: string;
  id: string;
}

const DOMAIN = "lupa-audit-cursor\0";
const TAG_BYTES = 12;

const tagOf = (text: string, secret: string) => createHmac("sha256", secret).update(DOMAIN).update(text).digest().subarray(0, TAG_BYTES);

export function encodeAuditCursor(p: Position, secret: string): string {
  const text = `1:${p.micros}:${p.id}`;
  return Buffer.concat([Buffer.from(text), tagOf(text, secret)]).toString("base64url");
}

export function decodeAuditCursor(cursor: string, secret: string): Position {
  const invalid = () => new ApiError("invalid_cursor", "cursor is not one this service issued");
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const bytes = Buffer.from(cursor, "base64url");
  if (bytes.toString("base64url") !== cursor || bytes.length <= TAG_BYTES) throw invalid();
  const text = bytes.subarray(0, bytes.length - TAG_BYTES).toString("utf8");
  if (!timingSafeEqual(bytes.subarray(bytes.length - TAG_BYTES), tagOf(text, secret))) throw invalid();
  const match = /^1:(-?\d{1,20}):(\d{1,20})$/.exec(text);
  if (!match) throw invalid();
  return { micros: match[1]!, id: match[2]! };
}

const micros = sql<string>`(extract(epoch from ${auditEvents.createdAt}) * 1000000)::bigint::text`;

function whereOf(workspaceId: string, f: AuditFilters, after: Position | null): SQL {
  const where: SQL[] = [eq(auditEvents.workspaceId, workspaceId)];
  if (f.types?.length === 1) where.push(eq(auditEvents.type, f.types[0]!));
  else if (f.types?.length) where.push(inArray(auditEvents.type, f.types));
  if (f.actorId) where.push(eq(auditEvents.actorId, f.actorId));
  if (f.caseId) where.push(eq(auditEvents.caseId, f.caseId));
  if (f.from) where.push(gte(auditEvents.createdAt, f.from));
  if (f.to) where.push(lt(auditEvents.createdAt, f.to));
  if (after)
    where.push(
      sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::bigint)`,
    );
  return and(...where)!;
}

type EventRow = typeof auditEvents.$inferSelect & { micros: string };

export function toAuditEvent(r: EventRow): AuditEvent {
  return {
    id: String(r.id),
    type: r.type as AuditEventType,
    actor: r.actorId ? { id: r.actorId, email: r.actorEmail } : null,
    caseId: r.caseId,
    entryId: r.entryId,
    requestId: r.requestId,
    clientRequestId: r.clientRequestId,
    createdAt: r.createdAt.toISOString(),
    data: r.data,
  };
}

export async function listAuditEvents(
  db: Db,
  workspaceId: string,
  f: AuditFilters,
  page: { cursor?: string; limit: number },
  secret: string,
): Promise<{ events: AuditEvent[]; nextCursor: string | null; rows: EventRow[] }> {
  const after = page.cursor ? decodeAuditCursor(page.cursor, secret) : null;
  const rows = await db
    .select({
      id: auditEvents.id,
      workspaceId: auditEvents.workspaceId,
      actorId: auditEvents.actorId,
      actorEmail: auditEvents.actorEmail,
      type: auditEvents.type,
      caseId: auditEvents.caseId,
      entryId: auditEvents.entryId,
      requestId: auditEvents.requestId,
      clientRequestId: auditEvents.clientRequestId,
      createdAt: auditEvents.createdAt,
      data: auditEvents.data,
      micros,
    })
    .from(auditEvents)
    .where(whereOf(workspaceId, f, after))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = shown[shown.length - 1];
  return {
    events: shown.map(toAuditEvent),
    nextCursor: more && last ? encodeAuditCursor({ micros: last.micros, id: String(last.id) }, secret) : null,
    rows: shown,
  };
}
