// Notes on a case (issue 19). Never deleted. The author may edit one within 5 minutes of writing it
// (it then shows edited); an admin may hide one with a reason (its text is then null for everyone
// but admins). Every change is recorded (note.created, note.edited, note.hidden).
// GET   /api/review/v1/cases/{id}/notes
// POST  /api/review/v1/cases/{id}/notes                   {text}
// PATCH /api/review/v1/cases/{id}/notes/{noteId}          {text}
// POST  /api/review/v1/cases/{id}/notes/{noteId}/hide     {reason}
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, asc, eq } from "drizzle-orm";
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

const tags = ["review notes"];
export const EDIT_WINDOW_MS = 5 * 60_000;
type NoteRow = typeof caseNotes.$inferSelect;

const CaseParams = z.object({ id: z.string().max(100) });
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
    summary: "Notes of a case, oldest first",
    params: CaseParams,
    response: { 200: NoteList, 404: V3ErrorBody },
    handler: async ({ params, caller }) => {
      const id = await caseOf(caller, params.id);
      const rows = await s.db
        .select()
        .from(caseNotes)
        .where(and(eq(caseNotes.workspaceId, caller.workspaceId), eq(caseNotes.verificationId, id)))
        .orderBy(asc(caseNotes.createdAt), asc(caseNotes.id));
      return { notes: await toNotes(s.db, rows, caller) };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/:id/notes",
    permission: "review:write",
    tags,
    summary: "Write a note",
    description: "{text}: 1 to 4,000 characters (trimmed). Records note.created.",
    params: CaseParams,
    body: NoteBody,
    status: 201,
    response: { 201: Note, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const id = await caseOf(caller, params.id);
      return s.db.transaction(async (tx) => {
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
