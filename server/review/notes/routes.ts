// Notes on a case (issue 19). Never deleted. The author may edit one within 5 minutes of writing it
// (it then shows edited); an admin may hide one with a reason (its text is then null for everyone
// but admins). Every change is recorded (note.created, note.edited, note.hidden). Issue 30: read a
// page at a time with a cursor (at most 50 notes of at most ~16 KB each: a page stays under 1 MB),
// at most 1,000 per case (409 note_limit_reached), and each person writes at most 30 a minute
// (429 rate_limited, with Retry-After).
// GET   /api/review/v1/cases/{id}/notes                   ?cursor&limit
// POST  /api/review/v1/cases/{id}/notes                   {text}
// PATCH /api/review/v1/cases/{id}/notes/{noteId}          {text}
// POST  /api/review/v1/cases/{id}/notes/{noteId}/hide     {reason}
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import type { Db, Tx } from "../../db/client";
import { caseNotes } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import type { TokenClaims } from "../../auth/tokens";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { HideNoteBody, Note, NoteBody, NoteList } from "../../../lib/contract/review";
import { callerEvent, recordEvent } from "../audit/record";
import { refOf, userRefs } from "../user-refs";
import { getCaseRow, UUID } from "../cases/queries";
import { after, decodePageCursor, encodePageCursor, microsOf, pageLimit } from "../page-cursor";

const tags = ["review notes"];
export const EDIT_WINDOW_MS = 5 * 60_000;
type NoteRow = typeof caseNotes.$inferSelect;

/** Notes a case takes. */
export const NOTES_PER_CASE = 1000;
/** Notes one person writes in a minute (any case). */
export const NOTES_PER_MINUTE = 30;
/** A page of notes: 50 of at most 4,000 characters (12 KB in JSON: the boundary refuses the control characters JSON writes as 6 bytes) and a 500-character reason. */
export const NOTES_PAGE_MAX = 50;

const CaseParams = z.object({ id: z.string().max(100) });
const NotesQuery = z.object({ cursor: z.string().max(200).optional(), limit: pageLimit(NOTES_PAGE_MAX, 20) }).strict();
const NoteParams = z.object({ id: z.string().max(100), noteId: z.string().max(100) });

async function toNotes(db: Db | Tx, rows: NoteRow[], caller: TokenClaims): Promise<Note[]> {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.authorId, r.hiddenBy]),
  );
  const admin = caller.role === "admin";
  return rows.map((r) => ({
    id: r.id,
    verificationId: r.verificationId,
    author: refOf(refs, r.authorId)!,
    text: r.hiddenAt && !admin ? null : r.text,
    createdAt: r.createdAt.toISOString(),
    edited: r.editedAt !== null,
    editedAt: r.editedAt?.toISOString() ?? null,
    editableUntil: new Date(r.createdAt.getTime() + EDIT_WINDOW_MS).toISOString(),
    hidden: r.hiddenAt !== null,
    hiddenAt: r.hiddenAt?.toISOString() ?? null,
    hiddenBy: refOf(refs, r.hiddenBy),
    hiddenReason: r.hiddenReason,
  }));
}

export function registerNoteRoutes(app: FastifyInstance, s: Services): void {
  async function caseOf(caller: TokenClaims, id: string): Promise<string> {
    const row = UUID.test(id) ? await getCaseRow(s.db, caller.workspaceId, id.toLowerCase()) : null;
    if (!row) throw new ApiError("not_found", "case not found");
    return row.id;
  }

  /** The note, locked, within the case and the workspace. */
  async function lockedNote(tx: Tx, caller: TokenClaims, caseId: string, noteId: string): Promise<NoteRow> {
    const [row] = UUID.test(noteId)
      ? await tx
          .select()
          .from(caseNotes)
          .where(
            and(
              eq(caseNotes.workspaceId, caller.workspaceId),
              eq(caseNotes.verificationId, caseId),
              eq(caseNotes.id, noteId.toLowerCase()),
            ),
          )
          .for("update")
      : [];
    if (!row) throw new ApiError("not_found", "note not found");
    return row;
  }

  route(app, {
    method: "GET",
    url: "/api/review/v1/cases/:id/notes",
    permission: "review:read",
    tags,
    summary: "Notes of a case, oldest first, a page at a time",
    description: "cursor, limit (1 to 50, default 20). Answers {notes, nextCursor}.",
    params: CaseParams,
    query: NotesQuery,
    response: { 200: NoteList, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, query, caller }) => {
      const position = query.cursor ? decodePageCursor("notes", query.cursor, s.config.cursorSecret) : null;
      const id = await caseOf(caller, params.id);
      // the page's ids first, narrow rows (sorted cheaply even when the planner has no statistics
      // and sorts rather than reads the index in order), then those notes whole
      const ids = s.db
        .select({ id: caseNotes.id })
        .from(caseNotes)
        .where(
          and(
            eq(caseNotes.workspaceId, caller.workspaceId),
            eq(caseNotes.verificationId, id),
            position ? after(caseNotes.createdAt, caseNotes.id, position) : undefined,
          ),
        )
        .orderBy(asc(caseNotes.createdAt), asc(caseNotes.id))
        .limit(query.limit + 1);
      const rows = await s.db
        .select({ note: caseNotes, micros: microsOf(caseNotes.createdAt) })
        .from(caseNotes)
        .where(and(eq(caseNotes.workspaceId, caller.workspaceId), inArray(caseNotes.id, ids)))
        .orderBy(asc(caseNotes.createdAt), asc(caseNotes.id));
      const shown = rows.slice(0, query.limit);
      const last = shown[shown.length - 1];
      return {
        notes: await toNotes(
          s.db,
          shown.map((r) => r.note),
          caller,
        ),
        nextCursor:
          rows.length > query.limit && last
            ? encodePageCursor("notes", { micros: last.micros, id: last.note.id }, s.config.cursorSecret)
            : null,
      };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/:id/notes",
    permission: "review:write",
    tags,
    summary: "Write a note",
    description:
      "{text}: 1 to 4,000 characters (trimmed). Records note.created. 1,000 notes per case (409 note_limit_reached); " +
      "30 notes a minute per person (429 rate_limited, with Retry-After).",
    params: CaseParams,
    body: NoteBody,
    status: 201,
    response: { 201: Note, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody, 429: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const id = await caseOf(caller, params.id);
      // the limiter's store failing does not stop the team's work: the note is let through
      const rate = await s.rateLimiter.hit(`review-notes:${caller.userId}`, NOTES_PER_MINUTE, 60_000).catch((error: unknown) => {
        request.log.warn({ err: error }, "notes rate limit unavailable");
        return { allowed: true, resetMs: 0 };
      });
      if (!rate.allowed)
        throw new ApiError("rate_limited", `More than ${NOTES_PER_MINUTE} notes a minute`, {
          "Retry-After": String(Math.max(1, Math.ceil(rate.resetMs / 1000))),
        });
      return s.db.transaction(async (tx) => {
        // the case's notes counted in turn, so two writers at once cannot both pass the cap
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`case_notes:${id}`}, 0))`);
        const [written] = await tx
          .select({ n: count() })
          .from(caseNotes)
          .where(and(eq(caseNotes.workspaceId, caller.workspaceId), eq(caseNotes.verificationId, id)));
        if ((written?.n ?? 0) >= NOTES_PER_CASE) throw new ApiError("note_limit_reached", `A case takes at most ${NOTES_PER_CASE} notes`);
        const [row] = await tx
          .insert(caseNotes)
          .values({ id: randomUUID(), workspaceId: caller.workspaceId, verificationId: id, authorId: caller.userId, text: body.text })
          .returning();
        await recordEvent(
          tx,
          callerEvent(caller, request, "note.created", { caseId: id, data: { noteId: row!.id, length: body.text.length } }),
        );
        return (await toNotes(tx, [row!], caller))[0];
      });
    },
  });

  route(app, {
    method: "PATCH",
    url: "/api/review/v1/cases/:id/notes/:noteId",
    permission: "review:write",
    tags,
    summary: "Edit one's note within 5 minutes",
    description:
      "{text}. Only the author (403), within 5 minutes of writing it and not hidden (409 note_not_editable). Records note.edited.",
    params: NoteParams,
    body: NoteBody,
    response: { 200: Note, 400: V3ErrorBody, 403: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const id = await caseOf(caller, params.id);
      return s.db.transaction(async (tx) => {
        const note = await lockedNote(tx, caller, id, params.noteId);
        if (note.authorId !== caller.userId) throw new ApiError("forbidden", "Only the note's author edits it");
        if (note.hiddenAt) throw new ApiError("note_not_editable", "A hidden note cannot be edited");
        if (Date.now() > note.createdAt.getTime() + EDIT_WINDOW_MS)
          throw new ApiError("note_not_editable", "A note can be edited for 5 minutes after it was written");
        const [row] = await tx
          .update(caseNotes)
          .set({ text: body.text, editedAt: new Date() })
          .where(eq(caseNotes.id, note.id))
          .returning();
        await recordEvent(
          tx,
          callerEvent(caller, request, "note.edited", {
            caseId: id,
            data: { noteId: note.id, length: body.text.length, previousLength: note.text.length },
          }),
        );
        return (await toNotes(tx, [row!], caller))[0];
      });
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/:id/notes/:noteId/hide",
    permission: "review:admin",
    tags,
    summary: "Hide a note, with a reason (admins)",
    description:
      "{reason}: 1 to 500 characters. The note stays; its text is shown to admins only. 409 note_not_editable when hidden already. Records note.hidden.",
    params: NoteParams,
    body: HideNoteBody,
    response: { 200: Note, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const id = await caseOf(caller, params.id);
      return s.db.transaction(async (tx) => {
        const note = await lockedNote(tx, caller, id, params.noteId);
        if (note.hiddenAt) throw new ApiError("note_not_editable", "The note is hidden already");
        const [row] = await tx
          .update(caseNotes)
          .set({ hiddenAt: new Date(), hiddenBy: caller.userId, hiddenReason: body.reason })
          .where(eq(caseNotes.id, note.id))
          .returning();
        await recordEvent(tx, callerEvent(caller, request, "note.hidden", { caseId: id, data: { noteId: note.id, reason: body.reason } }));
        return (await toNotes(tx, [row!], caller))[0];
      });
    },
  });
}
