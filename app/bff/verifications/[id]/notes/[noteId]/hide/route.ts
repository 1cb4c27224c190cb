import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { casePath, caseNotFound, json, textField } from "@/lib/bff/review-case";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import type { Note } from "@/lib/contract/review";
import { isVerificationId } from "@/lib/verifications/id";

// POST /bff/verifications/:id/notes/:noteId/hide – {reason}: an admin hides a note (recorded).
export const POST = withMutation<{ id: string; noteId: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id) || !isVerificationId(params.noteId)) return caseNotFound();
    const reason = textField(await readJson(request), "reason");
    if (!reason) return bffError(400, "invalid_request", "Informe o motivo para ocultar a nota.");
    if (reason.length > 500) return bffError(400, "invalid_request", "O motivo tem no máximo 500 caracteres.");
    const note = await reviewFetch<Note>(casePath(params.id, `/notes/${encodeURIComponent(params.noteId)}/hide`), {
      method: "POST",
      token,
      body: { reason },
    });
    return json(note);
  },
  {
    notFoundMessage: "Nota não encontrada.",
    messages: { 403: "Só administradores podem ocultar notas.", 409: "Esta nota já está oculta." },
  },
);
