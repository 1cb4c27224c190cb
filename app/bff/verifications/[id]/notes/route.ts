import { reviewExchange, reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { CASE_NOT_FOUND, casePath, caseNotFound, json, textField } from "@/lib/bff/review-case";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import type { Note } from "@/lib/contract/review";
import { isVerificationId } from "@/lib/verifications/id";

const NOTE_MAX = 4000;

// GET /bff/verifications/:id/notes?cursor – a page of the case's notes, oldest first ("Notas").
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const cursor = request.nextUrl.searchParams.get("cursor")?.slice(0, 200) || undefined;
    return json(
      await reviewFetch<{ notes: Note[]; nextCursor: string | null }>(casePath(params.id, "/notes"), {
        token,
        signal: request.signal,
        query: { cursor, limit: 20 },
      }),
    );
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
  {
    notFoundMessage: CASE_NOT_FOUND,
    messages: {
      403: "Seu papel não permite escrever notas.",
      409: "Este caso já tem 1.000 notas, o máximo: não é possível adicionar outra.",
      429: "Muitas notas em pouco tempo: aguarde um minuto e tente de novo.",
    },
  },
);
