// POST /api/v2/blacklist/import (beyond the spec): CSV lines `documento,motivo,nome,expira_em`
// (`nationalId,reason,name,expiresAt`): with a header naming the columns in pt-BR or English
// (columns.ts; others ignored, so an export of either format imports again), or without one by
// position, up to 10,000.
// Each line answers added, duplicate (listed already, or earlier in the file) or invalid with the
// reason. Valid lines are written in one transaction, audited with source "import".
//
// The body is read as it arrives (readImport): the 10,001st entry, a record of too many fields or
// a field too long stops the reading with a 400 at once, and more than IMPORT_BODY_LIMIT bytes
// with a 413, without reading the rest.
import type { Readable } from "node:stream";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { normalizeDocument } from "../../../lib/contract/documents";
import type { TokenClaims } from "../../auth/tokens";
import { BY_POSITION, columnsOf, isHeader, type ColumnIndex } from "./columns";
import { CsvReader, CsvRefused, type CsvRecord, uncell } from "./csv";
import { MAX_IMPORT_LINES, MAX_NAME_LENGTH, MAX_REASON_LENGTH, type ImportResult } from "./schemas";
import { insertEntries, type NewEntry } from "./store";
import { listingChanged } from "../../review/listing-change";
import { actorOf, callerEvent, recordEvent } from "../../review/audit/record";
import { restrictiveAdded } from "../../monitoring/restrictive";

type LineResult = ImportResult["lines"][number];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const BR_DATE_TIME = /^(\d{2}\/\d{2}\/\d{4}) (\d{2}):(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** A plain date, YYYY-MM-DD or DD/MM/YYYY, as YYYY-MM-DD; null when it is not one or not a day of the calendar. */
export function plainDate(text: string): string | null {
  const iso = ISO_DATE.exec(text);
  const br = iso ? null : BR_DATE.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : [];
  if (!year || !month || !day) return null;
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real = check.getUTCFullYear() === Number(year) && check.getUTCMonth() === Number(month) - 1 && check.getUTCDate() === Number(day);
  return real ? `${year}-${month}-${day}` : null;
}

/**
 * An import's expiresAt: an RFC 3339 date-time, a plain date (YYYY-MM-DD or DD/MM/YYYY) or a
 * date and time to the minute as the export writes it (DD/MM/YYYY HH:MM). A plain date is that day
 * whole, in Brasília time: the entry expires at its end, 23:59:59-03:00, as the console's add
 * dialog sends it (issue 20: it was 00:00 UTC, shown as the day before); a minute is that minute
 * whole, HH:MM:59 in Brasília, so an entry exported at 23:59 imports as it was.
 */
export function parseExpiry(text: string): Date | null {
  const day = plainDate(text);
  if (day) return new Date(`${day}T23:59:59-03:00`);
  const minute = BR_DATE_TIME.exec(text);
  if (minute) {
    const date = plainDate(minute[1]!);
    const [hours, minutes] = [Number(minute[2]), Number(minute[3])];
    return date && hours < 24 && minutes < 60 ? new Date(`${date}T${minute[2]}:${minute[3]}:59-03:00`) : null;
  }
  if (!DATE_TIME.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Largest CSV body: 10,000 lines of the longest fields fit (about 750 bytes each). */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** The entries of an import body, read by readImport (the header line left out), and where each field is. */
export class ImportBody {
  constructor(
    readonly records: CsvRecord[],
    readonly columns: ColumnIndex = BY_POSITION,
  ) {}
}

/**
 * A reader that reads the columns off a header line, leaves it out, and refuses the entry after
 * the MAX_IMPORT_LINES-th; `body()` gives what it read.
 */
export function importReader(): { reader: CsvReader; body: () => ImportBody } {
  let entries = 0;
  let columns = BY_POSITION;
  let first = true;
  const reader = new CsvReader({
    accept(record) {
      if (first) {
        first = false;
        if (isHeader(record.fields)) {
          columns = columnsOf(record.fields);
          return false;
        }
      }
      if (++entries > MAX_IMPORT_LINES) throw new ApiError("invalid_request", `CSV has more than ${MAX_IMPORT_LINES} entries`);
      return true;
    },
  });
  return { reader, body: () => new ImportBody(reader.end(), columns) };
}

const tooLarge = () => Object.assign(new Error("Body is too large"), { code: "FST_ERR_CTP_BODY_TOO_LARGE", statusCode: 413 });

/**
 * Reads an import body as it arrives: UTF-8, up to `limit` bytes. Stops at the first refusal and
 * leaves the rest of the body unread.
 */
export function readImport(body: Readable, declaredLength: number | null, limit = IMPORT_BODY_LIMIT): Promise<ImportBody> {
  if (declaredLength !== null && declaredLength > limit) return Promise.reject(tooLarge());
  const { reader, body: read } = importReader();
  const decoder = new TextDecoder("utf-8");
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const stop = (error: unknown) => {
      body.off("data", onData);
      body.off("end", onEnd);
      body.off("error", onError);
      body.pause(); // unread; Node's HTTP server discards the rest once the answer is sent
      reject(error instanceof CsvRefused ? new ApiError("invalid_request", `CSV is malformed: ${error.message}`) : error);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) return stop(tooLarge());
      try {
        reader.push(decoder.decode(chunk, { stream: true }));
      } catch (error) {
        stop(error);
      }
    };
    const onEnd = () => {
      try {
        reader.push(decoder.decode());
        resolve(read());
      } catch (error) {
        stop(error);
      }
    };
    const onError = (error: Error) => stop(error);
    body.on("data", onData);
    body.on("end", onEnd);
    body.on("error", onError);
  });
}

export async function importCsv(
  db: Db,
  who: TokenClaims,
  body: ImportBody,
  now = new Date(),
  requestId: string | null = null,
): Promise<ImportResult> {
  const records = body.records;
  if (records.length === 0)
    throw new ApiError(
      "invalid_request",
      "CSV has no entries (expected lines documento,motivo,nome,expira_em or nationalId,reason,name,expiresAt)",
    );
  const at = (fields: string[], index: number | null) => (index === null ? "" : uncell((fields[index] ?? "").trim()));

  const results: LineResult[] = [];
  const pending: { result: LineResult; entry: NewEntry }[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of records) {
    const { columns } = body;
    const [rawId, rawReason, rawName, rawExpiry] = [columns.nationalId, columns.reason, columns.name, columns.expiresAt].map((i) =>
      at(fields, i),
    ) as [string, string, string, string];
    const document = normalizeDocument(rawId);
    const result: LineResult = { line, nationalId: document ? document.value : rawId.slice(0, 32), result: "invalid" };
    results.push(result);
    if (!document) {
      result.error = rawId === "" ? "nationalId is missing" : "nationalId is not a valid CPF or CNPJ";
      continue;
    }
    if (rawReason === "") {
      result.error = "reason is required";
      continue;
    }
    if (rawReason.length > MAX_REASON_LENGTH) {
      result.error = `reason is longer than ${MAX_REASON_LENGTH} characters`;
      continue;
    }
    if (rawName.length > MAX_NAME_LENGTH) {
      result.error = `name is longer than ${MAX_NAME_LENGTH} characters`;
      continue;
    }
    let expiresAt: Date | null = null;
    if (rawExpiry !== "") {
      expiresAt = parseExpiry(rawExpiry);
      if (!expiresAt) {
        result.error = "expiresAt must be an RFC 3339 date-time, a date (YYYY-MM-DD or DD/MM/YYYY) or DD/MM/YYYY HH:MM";
        continue;
      }
      if (expiresAt <= now) {
        result.error = "expiresAt is in the past";
        continue;
      }
    }
    if (seen.has(document.value)) {
      result.result = "duplicate";
      result.error = "repeats an earlier line of this file";
      continue;
    }
    seen.add(document.value);
    pending.push({
      result,
      entry: { nationalId: document.value, entity: document.entity, reason: rawReason, name: rawName || null, expiresAt },
    });
  }

  const written = await db.transaction(async (tx) => {
    const rows = await insertEntries(
      tx,
      who,
      pending.map((p) => p.entry),
      "import",
    );
    // the review API's effects and its one event for the import (server/review)
    await listingChanged(
      tx,
      who.workspaceId,
      rows.map((r) => r.nationalId),
    );
    // continuous monitoring (server/monitoring): the watched cases of the documents listed open their alerts now
    await restrictiveAdded(
      tx,
      who.workspaceId,
      rows.map((r) => r.nationalId),
      actorOf(who),
      requestId,
    );
    await recordEvent(
      tx,
      callerEvent(who, requestId ? { id: requestId } : null, "restrictive_list.imported", {
        data: { lines: results.length, added: rows.length, invalid: results.length - pending.length },
      }),
    );
    return rows;
  });
  const added = new Set(written.map((row) => row.nationalId));
  for (const { result, entry } of pending) {
    if (added.has(entry.nationalId)) result.result = "added";
    else {
      result.result = "duplicate";
      result.error = "already on the restrictive list";
    }
  }
  const tally = (r: LineResult["result"]) => results.filter((x) => x.result === r).length;
  return { total: results.length, added: tally("added"), duplicates: tally("duplicate"), invalid: tally("invalid"), lines: results };
}
