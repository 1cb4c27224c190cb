import { queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/query/bff-fetch";
import type { MemberRouting } from "@/lib/contract/routing";

// Browser-side queries of "Distribuição" (docs/routing.md): every member's cap and absence.

export const routingKeys = {
  members: ["review", "routing", "members"] as const,
};

export function routingMembersQuery() {
  return queryOptions({
    queryKey: routingKeys.members,
    queryFn: ({ signal }) => bffFetch<{ members: MemberRouting[] }>("/bff/review/routing/members", signal),
    staleTime: 30_000,
  });
}
