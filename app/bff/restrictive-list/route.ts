import { NextResponse } from "next/server";
import { addBlacklistEntry, listBlacklist } from "@/lib/api/blacklist";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";
import { parseListParams, parseNewEntry, toRestrictiveEntry, type RestrictivePage } from "@/lib/restrictive-list/entries";

const NOT_FOUND = "Lista restritiva não encontrada.";

// GET /bff/restrictive-list?page&limit&search – the workspace's restrictive list, newest first.
export const GET = withAccessToken(
  async (request, { token }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const params = parseListParams(request.nextUrl.searchParams);
    const list = await listBlacklist(
      token,
      workspaceId,
      { page: params.page, limit: params.limit, search: params.search || undefined },
      request.signal,
    );
    const page: RestrictivePage = { items: list.items.map(toRestrictiveEntry), page: list.page, limit: list.limit, total: list.total };
    return NextResponse.json(page, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_FOUND },
);

// POST /bff/restrictive-list – {nationalId, reason, name?, expiresAt?}: lists a document.
export const POST = withMutation(
  async (request, { token }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const entry = parseNewEntry(await readJson(request));
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
