import type { Metadata } from "next";
import { Suspense } from "react";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { RestrictiveListPageClient } from "@/components/restrictive-list/restrictive-list-page-client";
import { makeQueryClient } from "@/lib/query/query-client";
import { parseListParams } from "@/lib/restrictive-list/entries";
import { prefetchRestrictiveList } from "@/lib/restrictive-list/prefetch";

export const metadata: Metadata = { title: "Lista restritiva" };

// GET /restrictive-list – the workspace's restrictive list: search and page from the URL (the
// page of the URL is prefetched here, then read through /bff/restrictive-list); add, remove and
// import for the roles with blacklist:write.
export default async function RestrictiveListPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const queryClient = makeQueryClient();
  await prefetchRestrictiveList(queryClient, parseListParams(await searchParams));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Suspense>
        <RestrictiveListPageClient />
      </Suspense>
    </HydrationBoundary>
  );
}
