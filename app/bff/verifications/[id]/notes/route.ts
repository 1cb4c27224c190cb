import { reviewExchange, reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { CASE_NOT_FOUND, casePath, caseNotFound, json, textField } from "@/lib/bff/review-case";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import type { Note } from "@/lib/contract/review";
import { isVerificationId } from "@/lib/verifications/id";

const NOTE_MAX = 4000;

// GET /bff/verifications/:id/notes – the case's notes, oldest first ("Notas").
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    return json(await reviewFetch<{ notes: Note[] }>(casePath(params.id, "/notes"), { token, signal: request.signal }));
  },
  { notFoundMessage: CASE_NOT_FOUND },
);

// POST /bff/verifications/:id/notes – {text} (1 to 4,000 characters): adds a note.
export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const text = textField(await readJson(request), "text");
    if (!text) return bffError(400, "invalid_request", "Escreva a nota antes de salvar.");
    if (text.length > NOTE_MAX) return bffError(400, "invalid_request", "A nota tem no máximo 4.000 caracteres.");
    const answer = await reviewExchange<Note>(casePath(params.id, "/notes"), { method: "POST", token, body: { text } });
    return json(answer.body, 201);
  },
  { notFoundMessage: CASE_NOT_FOUND, messages: { 403: "Seu papel não permite escrever notas." } },
);
