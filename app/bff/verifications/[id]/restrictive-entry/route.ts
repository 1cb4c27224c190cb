import { addBlacklistEntry } from "@/lib/api/blacklist";
import { getVerification } from "@/lib/api/verifications";
import { bffError } from "@/lib/bff/errors";
import { findEntry, removeEntry, toMaskedEntry } from "@/lib/bff/restrictive-case";
import { CASE_NOT_FOUND, caseNotFound, json, textField } from "@/lib/bff/review-case";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";
import { parseNewEntry } from "@/lib/restrictive-list/entries";
import { isVerificationId } from "@/lib/verifications/id";

// The case page's restrictive-list action, without the case's document in the browser: the BFF
// reads it from the case. GET {entry} (masked, or null), POST {reason, name?, expiresAt?} lists it,
// DELETE {reason} removes it (the reason is recorded).

async function holderOf(token: string, id: string, signal?: AbortSignal): Promise<string> {
  return (await getVerification(token, id, signal)).nationalId;
}

export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const entry = await findEntry(token, workspaceId, await holderOf(token, params.id, request.signal), request.signal);
    return json({ entry: entry ? toMaskedEntry(entry) : null });
  },
  { notFoundMessage: CASE_NOT_FOUND },
);

export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const body = ((await readJson(request)) ?? {}) as Record<string, unknown>;
    const entry = parseNewEntry({ ...body, nationalId: await holderOf(token, params.id, request.signal) });
    if (typeof entry === "string") return bffError(400, "invalid_request", entry);
    return json(toMaskedEntry(await addBlacklistEntry(token, workspaceId, entry)), 201);
  },
  {
    notFoundMessage: CASE_NOT_FOUND,
    messages: {
      400: "O documento não foi aceito: confira o motivo e a data de expiração.",
      403: "Seu papel não permite alterar a lista restritiva.",
      409: "Este documento já está na lista restritiva.",
    },
  },
);

export const DELETE = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const reason = textField(await readJson(request), "reason");
    if (!reason) return bffError(400, "invalid_request", "Informe o motivo da remoção.");
    if (reason.length > 500) return bffError(400, "invalid_request", "O motivo tem no máximo 500 caracteres.");
    const entry = await findEntry(token, workspaceId, await holderOf(token, params.id, request.signal), request.signal);
    if (!entry) return bffError(404, "not_found", "Este documento não está na lista restritiva.");
    await removeEntry(token, workspaceId, entry, reason, request.signal);
    return json({ entry: null });
  },
  {
    notFoundMessage: "Este documento não está na lista restritiva.",
    messages: { 403: "Seu papel não permite alterar a lista restritiva." },
  },
);
