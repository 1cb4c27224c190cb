// Reads of v2 verifications, always scoped by workspace.
import { and, count, desc, eq, gte, inArray, isNull, like, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { preparedStatement, rowMapper } from "../../db/rows";
import { verifications } from "../../db/schema";
import { folded } from "../../db/search-fold";
import type { ListVerificationsQuery } from "./schemas";
import { RECORD_COLUMNS, type RecordRow, type VerificationRow } from "./serialize";

const verificationFromRow = rowMapper<VerificationRow>(verifications);
const recordFromRow = rowMapper<RecordRow>(verifications, RECORD_COLUMNS);

/** One verification of the workspace (the hot read: a prepared statement, server/db/rows.ts). `id` is a UUID. */
const selectVerification = preparedStatement("select * from verifications where workspace_id = $1 and id = $2");
const selectRecord = preparedStatement(
  `select ${RECORD_COLUMNS.map((key) => verifications[key].name).join(", ")} from verifications where workspace_id = $1 and id = $2`,
);

/** The columns of one verification its record shows (GET by id: 16 of its 26 columns). */
export async function getVerificationRecord(db: Db | Tx, workspaceId: string, id: string): Promise<RecordRow | null> {
  const [row] = await selectRecord(db, [workspaceId, id]);
  return row ? recordFromRow(row) : null;
}

export async function getVerification(db: Db | Tx, workspaceId: string, id: string): Promise<VerificationRow | null> {
  const [row] = await selectVerification(db, [workspaceId, id]);
  return row ? verificationFromRow(row) : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `search` (spec 3.1): the same matches as `name ILIKE '%text%' OR national_id ILIKE '%digits%'`,
 * read more cheaply.
 * - On a UTF-8 database ILIKE is lower() of both sides, then LIKE; search_name is the name folded
 *   (lower case, accents removed: server/db/search-fold.ts), stored (migrations 0009 and 0013), and
 *   the text is folded the same way, so the name needs LIKE only and "Jose" finds "José" and back.
 * - national_id is stored normalized, at most 14 digits and upper-case letters
 *   (lib/contract/documents.ts): the upper-cased digits need no case folding, and digits longer
 *   than that or with other characters (anything but ASCII letters and digits) cannot match, so
 *   they ask nothing.
 * - A text of several words may look the trigram index up with only its first word boundary
 *   (`boundary`, below) and check the whole text with strpos on the rows found.
 */
export function searchFilter(text: string, boundary: string | null): SQL {
  const digits = text.replace(/[.\-/\s]/g, "");
  const name = boundary
    ? and(
        like(verifications.searchName, folded(`%${escapeLike(boundary)}%`)),
        sql`strpos(${verifications.searchName}, ${folded(text)}) > 0`,
      )!
    : like(verifications.searchName, folded(`%${escapeLike(text)}%`));
  const document = digits.length > 0 && digits.length <= 14 && /^[0-9A-Za-z]+$/.test(digits);
  return document ? or(name, like(verifications.nationalId, `%${digits.toUpperCase()}%`))! : name;
}

/** The planner's estimate of rows under which a word boundary is looked up alone (searchBoundary). */
const BOUNDARY_MAX_ROWS = 5000;

/**
 * The first word boundary of a text of several words (up to 4 characters before a space and 3
 * after: "cida cav" for "aparecida cavalcanti"), when the planner expects few rows to hold it.
 * The trigram index intersects the posting list of every trigram it is given: in the bench's
 * data every trigram of "aparecida cavalcanti" is common, and the boundary's 6 find the same 1,633
 * candidates in 10 ms instead of the phrase's 20 in 32 ms. A common boundary with a rare rest
 * ("a silva xyz"; "maria da silva <a rare surname>" on real names) would read every row holding
 * the boundary instead (324 ms against 1.3 ms), so the boundary is used only when the estimate
 * (one EXPLAIN, from the column's statistics) is at most BOUNDARY_MAX_ROWS. The matches are the
 * same either way (strpos checks the whole text). docs/benchmarks.md, list-scale.
 */
export async function searchBoundary(db: Db, workspaceId: string, text: string): Promise<string | null> {
  const boundary = /\S{1,4} \S{1,3}/.exec(text)?.[0];
  if (!boundary || boundary.length === text.length) return null;
  const estimate = await estimateRows(
    db,
    sql`select 1 from ${verifications} where ${and(
      eq(verifications.workspaceId, workspaceId),
      like(verifications.searchName, folded(`%${escapeLike(boundary)}%`)),
    )}`,
  );
  return estimate <= BOUNDARY_MAX_ROWS ? boundary : null;
}

function filters(workspaceId: string, q: ListVerificationsQuery, now: Date, boundary: string | null): SQL[] {
  const where: SQL[] = [eq(verifications.workspaceId, workspaceId)];
  if (q.status) where.push(eq(verifications.status, q.status));
  if (q.nationalId) where.push(eq(verifications.nationalId, q.nationalId.replace(/[.\-/\s]/g, "").toUpperCase()));
  if (q.search) where.push(searchFilter(q.search, boundary));
  if (q.scoreGte !== undefined) where.push(gte(verifications.score, q.scoreGte));
  if (q.scoreLte !== undefined) where.push(lte(verifications.score, q.scoreLte));
  if (q.from) where.push(gte(verifications.createdAt, q.from));
  if (q.to) where.push(lt(verifications.createdAt, q.to));
  if (q.incomplete) {
    // spec 3.1: CREATED or PROCESSING, created between 15 minutes and 12 hours ago
    where.push(inArray(verifications.status, ["CREATED", "PROCESSING"]));
    where.push(lte(verifications.createdAt, new Date(now.getTime() - 15 * 60_000)));
    where.push(gte(verifications.createdAt, new Date(now.getTime() - 12 * 3600_000)));
  }
  // the latest feedback's status is kept on the row by server/decisions/store.ts
  if (q.feedbackStatus === "NOTSTARTED") where.push(isNull(verifications.feedbackStatus));
  else if (q.feedbackStatus) where.push(eq(verifications.feedbackStatus, q.feedbackStatus));
  return where;
}

/**
 * The list's page and its `total`. `total` is exact up to `exactTotal` matching rows (the count
 * stops at exactTotal + 1); above it, it is the planner's estimate of the matching rows held to
 * what the page proves (see boundedTotal). Counting a million rows exactly costs a read of them
 * all at every page; the estimate costs one EXPLAIN (docs/decisions.md, "v2 verifications").
 */
export async function listVerifications(db: Db, workspaceId: string, q: ListVerificationsQuery, exactTotal: number, now = new Date()) {
  const boundary = q.search ? await searchBoundary(db, workspaceId, q.search) : null;
  const where = and(...filters(workspaceId, q, now, boundary));
  const offset = (q.page - 1) * q.limit;
  // The count stops at exactTotal + 1 rows and follows the page's order, so the planner can read
  // it through the same index as the page: a Seq Scan under a LIMIT looks cheap when the workspace
  // holds many rows, but it reads the other workspaces' rows in between, and the whole table for a
  // rare match. With `search` the planner chooses between that order (a common word: 1,001 matches
  // of "silva" in 20,000 rows read, 6 ms at 1,000,000 rows) and the trigram index (a rare one:
  // every match, then the order; unordered, a common word built the trigram bitmap of all its
  // 100,000 rows, 41 ms). docs/benchmarks.md, list-scale.
  const [rows, [countRow]] = await Promise.all([
    db
      .select()
      .from(verifications)
      .where(where)
      .orderBy(desc(verifications.createdAt), desc(verifications.id))
      .limit(q.limit)
      .offset(offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(verifications)
        .where(where)
        .orderBy(desc(verifications.createdAt))
        .limit(exactTotal + 1)
        .as("capped"),
    ),
  ]);
  const counted = Number(countRow?.n ?? 0);
  const estimate = counted > exactTotal ? await estimateRows(db, sql`select 1 from ${verifications} where ${where}`) : 0;
  return { rows, total: boundedTotal({ counted, exactTotal, estimate, offset, limit: q.limit, pageRows: rows.length }) };
}

/**
 * `total` from a count that stopped at exactTotal + 1: the count itself when it did not reach
 * that; else the estimate, held to what is known for certain: more than exactTotal rows, at least
 * the rows up to the end of this page, exactly those when the page is not full, and at most the
 * rows before an empty page.
 */
export function boundedTotal(t: {
  counted: number;
  exactTotal: number;
  estimate: number;
  offset: number;
  limit: number;
  pageRows: number;
}): number {
  if (t.counted <= t.exactTotal) return t.counted;
  if (t.pageRows > 0 && t.pageRows < t.limit) return t.offset + t.pageRows;
  const low = Math.max(t.exactTotal + 1, t.pageRows > 0 ? t.offset + t.pageRows : 0);
  const high = t.pageRows === 0 ? Math.max(t.offset, low) : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(Math.round(t.estimate), low), high);
}

/** The planner's estimate of the rows a statement returns (EXPLAIN, nothing read). */
export async function estimateRows(db: Db, statement: SQL): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${statement}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{ Plan: { "Plan Rows": number } }>;
  const rows = Number(plan[0]?.Plan["Plan Rows"]);
  return Number.isFinite(rows) ? rows : 0;
}
