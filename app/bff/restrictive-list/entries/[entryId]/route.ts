import { NextResponse } from "next/server";
import { bffError } from "@/lib/bff/errors";
import { findEntryById, removeEntry } from "@/lib/bff/restrictive-case";
import { seal } from "@/lib/bff/seal";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";
import { parseListParams, type RemovedEntry } from "@/lib/restrictive-list/entries";
import { isVerificationId } from "@/lib/verifications/id";

const NOT_LISTED = "Esta entrada não está mais na lista restritiva.";
const UNDO_SECONDS = 10 * 60;

// DELETE /bff/restrictive-list/entries/:entryId?page&limit&search – {reason}: removes an entry (the
// reason is recorded). The query names the page the entry was shown on, where the BFF finds its
// document. Answers {undo}: a sealed token that lists the entry again, for "Desfazer".
export const DELETE = withMutation<{ entryId: string }>(
  async (request, { token, params }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    if (!isVerificationId(params.entryId)) return bffError(404, "not_found", NOT_LISTED);
    const body = (await readJson(request)) as { reason?: unknown } | null;
    const reason = typeof body?.reason === "string" ? body.reason.trim() : "";
    if (!reason) return bffError(400, "invalid_request", "Informe o motivo da remoção.");
    if (reason.length > 500) return bffError(400, "invalid_request", "O motivo tem no máximo 500 caracteres.");
    const hint = parseListParams(request.nextUrl.searchParams);
    const entry = await findEntryById(token, workspaceId, params.entryId.toLowerCase(), hint, request.signal);
    if (!entry) return bffError(404, "not_found", NOT_LISTED);
    await removeEntry(token, workspaceId, entry, reason, request.signal);
    const undo = seal(
      { nationalId: entry.nationalId, reason: entry.reason, name: entry.name, expiresAt: entry.expiresAt },
      workspaceId,
      UNDO_SECONDS,
    );
    const answer: RemovedEntry = { undo };
    return NextResponse.json(answer, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_LISTED, messages: { 403: "Seu papel não permite alterar a lista restritiva." } },
);
