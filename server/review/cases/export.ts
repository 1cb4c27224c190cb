// GET /api/review/v1/cases/export.csv (issue 18): every case matching the list's filters, in its
// order, up to 100,000 rows, streamed page by page (1,000 rows a query, keyset on the sort key, so
// no page re-reads the ones before it and no transaction stays open while the client reads).
// Documents masked; pt-BR spreadsheet CSV (lib/contract/format/csv.ts), in people's words or in
// codes (export-columns.ts).
import { Readable } from "node:stream";
import { and, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";
import type { VerificationRow } from "../../v2/verifications/serialize";
import { BOM, csvHeader, csvLine, type ExportFormat } from "../../../lib/contract/format/csv";
import type { CaseFilters } from "../../../lib/contract/review";
import { CASE_COLUMNS_CODES, CASE_COLUMNS_LABELS } from "./export-columns";
import { orderBy, sortKey, whereOf, type FilterContext } from "./filters";
import { reviewFieldsOf } from "./serialize";
import { namedUsers, type NamedUser } from "../user-refs";

export const EXPORT_MAX_ROWS = 100_000;
const PAGE = 1000;

/** The sort key of a row, as SQL values in the order of sortKey's parts (created_at as the database's text: microseconds). */
function keyOf(row: VerificationRow & { createdAtKey: string }, sort: CaseFilters["sort"]): SQL[] {
  const tail = [sql`${row.createdAtKey}::timestamptz`, sql`${row.id}::uuid`];
  if (sort === "score_asc") return [sql`${row.score ?? 1001}::int`, ...tail];
  if (sort === "score_desc") return [sql`${row.score ?? -1}::int`, ...tail];
  return tail;
}

/** Whether more rows match than the export holds (a count that stops at the limit + 1). */
export async function exceedsLimit(db: Db, ctx: FilterContext, f: CaseFilters): Promise<boolean> {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${verifications} where ${whereOf(f, ctx)} limit ${EXPORT_MAX_ROWS + 1}) capped`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > EXPORT_MAX_ROWS;
}

export function exportStream(db: Db, ctx: FilterContext, f: CaseFilters, slaHours: number, format: ExportFormat): Readable {
  const { parts, direction } = sortKey(f.sort);
  const columns = format === "codes" ? CASE_COLUMNS_CODES : CASE_COLUMNS_LABELS;
  async function* lines(): AsyncGenerator<string> {
    yield BOM + csvHeader(columns);
    let after: SQL[] | null = null;
    let sent = 0;
    let assignees = new Map<string, NamedUser>();
    while (sent < EXPORT_MAX_ROWS) {
      const keyset = after
        ? sql`(${sql.join(parts, sql`, `)}) ${direction === "asc" ? sql`>` : sql`<`} (${sql.join(after, sql`, `)})`
        : undefined;
      const rows = await db
        .select({ ...getTableColumns(verifications), createdAtKey: sql<string>`${verifications.createdAt}::text` })
        .from(verifications)
        .where(and(whereOf(f, ctx), keyset))
        .orderBy(...orderBy(f.sort))
        .limit(Math.min(PAGE, EXPORT_MAX_ROWS - sent));
      if (rows.length === 0) return;
      assignees = await namedUsers(
        db,
        rows.map((r) => r.assigneeId),
        assignees,
      );
      let chunk = "";
      for (const row of rows) {
        const review = reviewFieldsOf(row, assignees, slaHours, ctx.now);
        chunk += csvLine(columns, { row, review, assigneeName: row.assigneeId ? (assignees.get(row.assigneeId)?.name ?? null) : null });
      }
      yield chunk;
      sent += rows.length;
      if (rows.length < PAGE) return;
      after = keyOf(rows[rows.length - 1]!, f.sort);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
