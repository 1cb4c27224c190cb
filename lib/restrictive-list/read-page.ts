import "server-only";
import { listBlacklist } from "@/lib/api/blacklist";
import { ApiError } from "@/lib/api/errors";
import { reviewFetch } from "@/lib/api/review";
import type { BlacklistEntry } from "@/lib/contract";
import type { HolderNames } from "@/lib/contract/review";
import { toRestrictiveEntry, type RestrictiveListParams, type RestrictivePage } from "./entries";

// One page of the restrictive list as the browser gets it (GET /bff/restrictive-list and the
// page's server prefetch): documents masked, and each entry's holder named as the workspace's
// cases name it (issue 28, item 9: a CNPJ was "Caio Alves de Almeida" in the list of cases and
// "Comercial Exemplo Ltda" here; an entry added through the API without a name showed none).

/** The holder's name of each entry's document as its latest named case has it (review API), or nulls without it. */
async function holderNames(token: string, entries: BlacklistEntry[], signal?: AbortSignal): Promise<(string | null)[]> {
  if (entries.length === 0) return [];
  try {
    const { names } = await reviewFetch<HolderNames>("/holders/names", {
      method: "POST",
      token,
      body: { documents: entries.map((e) => e.nationalId) },
      signal,
    });
    return names;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return entries.map(() => null); // a bare deployment
    throw error;
  }
}

export async function readRestrictivePage(
  token: string,
  workspaceId: string,
  params: RestrictiveListParams,
  signal?: AbortSignal,
): Promise<RestrictivePage> {
  const list = await listBlacklist(
    token,
    workspaceId,
    { page: params.page, limit: params.limit, search: params.search || undefined },
    signal,
  );
  const names = await holderNames(token, list.items, signal);
  return {
    items: list.items.map((entry, i) => ({ ...toRestrictiveEntry(entry), holderName: names[i] ?? null })),
    page: list.page,
    limit: list.limit,
    total: list.total,
  };
}
