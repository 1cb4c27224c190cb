import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { casePath, caseNotFound, json, textField } from "@/lib/bff/review-case";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import type { Note } from "@/lib/contract/review";
import { isVerificationId } from "@/lib/verifications/id";

// PATCH /bff/verifications/:id/notes/:noteId – {text}: the author edits a note within 5 minutes.
export const PATCH = withMutation<{ id: string; noteId: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id) || !isVerificationId(params.noteId)) return caseNotFound();
    const text = textField(await readJson(request), "text");
    if (!text) return bffError(400, "invalid_request", "A nota não pode ficar vazia.");
    if (text.length > 4000) return bffError(400, "invalid_request", "A nota tem no máximo 4.000 caracteres.");
    const note = await reviewFetch<Note>(casePath(params.id, `/notes/${encodeURIComponent(params.noteId)}`), {
      method: "PATCH",
      token,
      body: { text },
    });
    return json(note);
  },
  {
    notFoundMessage: "Nota não encontrada.",
    messages: {
      403: "Só quem escreveu a nota pode editá-la.",
      409: "A nota não pode mais ser editada: o prazo de 5 minutos passou ou ela foi ocultada.",
    },
  },
);
