import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { getAccessToken } from "@/lib/auth/access-token";
import { workspaceIdOf } from "@/lib/bff/workspace";
import { restrictiveKeys } from "@/lib/query/restrictive-list-queries";
import type { RestrictiveListParams } from "./entries";
import { readRestrictivePage } from "./read-page";

// Server-side prefetch of the restrictive list's page in the URL, under the browser's query key
// (what GET /bff/restrictive-list answers): the first paint already shows the table instead of
// waiting for hydration and a round trip. A failed prefetch is not sent (the browser asks again).

export async function prefetchRestrictiveList(queryClient: QueryClient, params: RestrictiveListParams): Promise<void> {
  const token = await getAccessToken();
  const workspaceId = token ? workspaceIdOf(token) : null;
  if (!token || !workspaceId) return;
  await queryClient.prefetchQuery({
    queryKey: restrictiveKeys.list(params),
    queryFn: () => readRestrictivePage(token, workspaceId, params),
    retry: false,
  });
}
