import { NextResponse } from "next/server";
import { listBlacklist, removeBlacklistEntry } from "@/lib/api/blacklist";
import { normalizeDocument } from "@/lib/contract/documents";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { withMutation } from "@/lib/bff/with-mutation";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";
import { toRestrictiveEntry, type RestrictiveEntry } from "@/lib/restrictive-list/entries";

const INVALID = "CPF ou CNPJ inválido.";

// GET /bff/restrictive-list/:nationalId – {entry}: the document's entry, or null when it is not
// listed (exact lookup: the list searched by the document, then the exact match).
export const GET = withAccessToken<{ nationalId: string }>(async (request, { token, params }) => {
  const workspaceId = workspaceIdOf(token);
  if (!workspaceId) return noWorkspace();
  const document = normalizeDocument(decodeURIComponent(params.nationalId));
  if (!document) return bffError(400, "invalid_request", INVALID);
  const list = await listBlacklist(token, workspaceId, { search: document.value, limit: 100 }, request.signal);
  const found = list.items.find((item) => item.nationalId === document.value);
  const entry: RestrictiveEntry | null = found ? toRestrictiveEntry(found) : null;
  return NextResponse.json({ entry }, { headers: { "cache-control": "no-store" } });
});

// DELETE /bff/restrictive-list/:nationalId – removes the document from the list (204).
export const DELETE = withMutation<{ nationalId: string }>(
  async (_request, { token, params }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const document = normalizeDocument(decodeURIComponent(params.nationalId));
    if (!document) return bffError(400, "invalid_request", INVALID);
    await removeBlacklistEntry(token, workspaceId, document.value);
    return new NextResponse(null, { status: 204, headers: { "cache-control": "no-store" } });
  },
  {
    notFoundMessage: "Este documento não está na lista restritiva.",
    messages: { 403: "Seu papel não permite alterar a lista restritiva." },
  },
);
