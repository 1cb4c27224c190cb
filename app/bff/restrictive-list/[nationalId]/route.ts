import { NextResponse } from "next/server";
import { listBlacklist } from "@/lib/api/blacklist";
import { normalizeDocument } from "@/lib/contract/documents";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";
import { toRestrictiveEntry, type RestrictiveEntry } from "@/lib/restrictive-list/entries";

const INVALID = "CPF ou CNPJ inválido.";

// GET /bff/restrictive-list/:nationalId – {entry}: the document's entry, or null when it is not
// listed (exact lookup: the list searched by the document, then the exact match). The entry's
// document is masked. Removal is DELETE /bff/restrictive-list/entries/:entryId (with a reason).
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
