import { NextResponse } from "next/server";
import { addBlacklistEntry } from "@/lib/api/blacklist";
import { readRestrictivePage } from "@/lib/restrictive-list/read-page";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";
import { unseal } from "@/lib/bff/seal";
import { parseListParams, parseNewEntry, toRestrictiveEntry, type NewRestrictiveEntry } from "@/lib/restrictive-list/entries";

const NOT_FOUND = "Lista restritiva não encontrada.";

// GET /bff/restrictive-list?page&limit&search – the workspace's restrictive list, newest first,
// each entry's holder named as the workspace's cases name it.
export const GET = withAccessToken(
  async (request, { token }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const params = parseListParams(request.nextUrl.searchParams);
    const page = await readRestrictivePage(token, workspaceId, params, request.signal);
    return NextResponse.json(page, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_FOUND },
);

function undoneEntry(token: string, workspaceId: string): NewRestrictiveEntry | string {
  const sealed = unseal<{ nationalId: string; reason: string; name: string | null; expiresAt: string | null }>(token, workspaceId);
  if (!sealed) return "Não é mais possível desfazer esta remoção.";
  const expired = sealed.expiresAt !== null && Date.parse(sealed.expiresAt) <= Date.now();
  return {
    nationalId: sealed.nationalId,
    reason: sealed.reason,
    ...(sealed.name ? { name: sealed.name } : {}),
    ...(sealed.expiresAt && !expired ? { expiresAt: sealed.expiresAt } : {}),
  };
}

// POST /bff/restrictive-list – {nationalId, reason, name?, expiresAt?} lists a document; {undo}
// lists again an entry just removed. Answers the entry with its document masked.
export const POST = withMutation(
  async (request, { token }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const body = await readJson(request);
    // "Desfazer" a removal: the sealed entry the DELETE answered (the browser never held its document)
    const undo = typeof (body as { undo?: unknown } | null)?.undo === "string" ? (body as { undo: string }).undo : null;
    const entry = undo ? undoneEntry(undo, workspaceId) : parseNewEntry(body);
    if (typeof entry === "string") return bffError(400, "invalid_request", entry);
    const created = await addBlacklistEntry(token, workspaceId, entry);
    return NextResponse.json(toRestrictiveEntry(created), { status: 201, headers: { "cache-control": "no-store" } });
  },
  {
    notFoundMessage: NOT_FOUND,
    messages: {
      400: "O documento não foi aceito: confira o CPF/CNPJ, o motivo e a data de expiração.",
      403: "Seu papel não permite alterar a lista restritiva.",
      409: "Este documento já está na lista restritiva.",
    },
  },
);
