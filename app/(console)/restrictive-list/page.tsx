import type { Metadata } from "next";
import { Suspense } from "react";
import { RestrictiveListPageClient } from "@/components/restrictive-list/restrictive-list-page-client";

export const metadata: Metadata = { title: "Lista restritiva" };

// GET /restrictive-list – the workspace's restrictive list: search and page from the URL, data
// from /bff/restrictive-list; add, remove and import for the roles with blacklist:write.
export default function RestrictiveListPage() {
  return (
    <Suspense>
      <RestrictiveListPageClient />
    </Suspense>
  );
}
