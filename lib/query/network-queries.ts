import type { NetworkGraph } from "@/lib/network/graph";
import { bffFetch, isBffError } from "./bff-fetch";

// The lawsuit network of an enrichment or a verification (GET /bff/{kind}/{id}/network), under
// one key for the browser's query and the server's prefetch (the enrichment's network page).

export type NetworkOwnerKind = "enrichments" | "verifications";

export const networkKey = (kind: NetworkOwnerKind, id: string) => ["network", kind, id] as const;

export function networkQuery(kind: NetworkOwnerKind, id: string) {
  return {
    queryKey: networkKey(kind, id),
    queryFn: ({ signal }: { signal: AbortSignal }) => bffFetch<NetworkGraph>(`/bff/${kind}/${encodeURIComponent(id)}/network`, signal),
    staleTime: 5 * 60_000,
    // 409 while the collection runs: asked again every 3 s for up to 3 minutes
    retry: (count: number, error: unknown) => (isBffError(error, 409) ? count < 60 : !isBffError(error, 400, 401, 403, 404) && count < 2),
    retryDelay: (count: number, error: unknown) => (isBffError(error, 409) ? 3000 : Math.min(1000 * 2 ** count, 8000)),
  };
}
