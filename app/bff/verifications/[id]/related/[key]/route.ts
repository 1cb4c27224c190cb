import { NextResponse } from "next/server";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { isVerificationId } from "@/lib/verifications/id";
import { NoProfile, PartyNotFound, findRelatedCase, startForRelated } from "@/lib/verifications/related-lookup";

// GET  /bff/verifications/:id/related/:key – the workspace's case of that related party, if any:
//   {entity, verificationId | null}. The party is named by its key in the case's dossier; its
//   document is looked up here and never sent to the browser.
// POST /bff/verifications/:id/related/:key – {kind: "verification" | "enrichment", submissionKey}
//   starts one of the party's document (the service refuses roles without the write permission):
//   201 {kind, id}.

const NOT_FOUND = "Relacionado não encontrado nesta verificação.";

function partyNotFound(error: unknown): Response | null {
  return error instanceof PartyNotFound ? bffError(404, "not_found", NOT_FOUND) : null;
}

export const GET = withAccessToken<{ id: string; key: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", "Verificação não encontrada.");
    try {
      const found = await findRelatedCase(token, params.id, params.key, request.signal);
      return NextResponse.json(found, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      const answer = partyNotFound(error);
      if (answer) return answer;
      throw error;
    }
  },
  { notFoundMessage: "Verificação não encontrada." },
);

const SUBMISSION_KEY = /^[A-Za-z0-9-]{8,64}$/;

export const POST = withMutation<{ id: string; key: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", "Verificação não encontrada.");
    const body = (await readJson(request)) as { kind?: unknown; submissionKey?: unknown } | null;
    const kind = body?.kind;
    if (kind !== "verification" && kind !== "enrichment")
      return bffError(400, "invalid_kind", 'Informe kind: "verification" ou "enrichment".');
    const submissionKey = typeof body?.submissionKey === "string" ? body.submissionKey : "";
    if (!SUBMISSION_KEY.test(submissionKey)) return bffError(400, "invalid_submission_key", "Chave de envio inválida.");
    try {
      const created = await startForRelated(token, params.id, params.key, kind, submissionKey, request.signal);
      return NextResponse.json(created, { status: 201 });
    } catch (error) {
      const answer = partyNotFound(error);
      if (answer) return answer;
      if (error instanceof NoProfile) return bffError(409, "no_profile", "Nenhum perfil de enriquecimento serve a este tipo de documento.");
      throw error;
    }
  },
  { notFoundMessage: "Verificação não encontrada.", messages: { 403: "Seu papel não permite iniciar verificações ou enriquecimentos." } },
);
