import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { getVerification, listVerifications } from "@/lib/api/verifications";
import { getAccessToken } from "@/lib/auth/access-token";
import { verificationKeys } from "@/lib/query/verification-queries";
import { filtersToApiQuery, type VerificationFilters } from "./filters";
import { isVerificationId } from "./id";
import { toDetail } from "./to-detail";
import { toVerificationPage } from "./to-summary";

// Server-side prefetch under the browser's query keys: the first paint already has data, and the
// browser then reads through the BFF. A failed prefetch is simply not sent (the client retries).

export async function prefetchVerificationPage(queryClient: QueryClient, filters: VerificationFilters): Promise<void> {
  const token = await getAccessToken();
  if (!token) return;
  await queryClient.prefetchQuery({
    queryKey: verificationKeys.list(filters),
    queryFn: async () => toVerificationPage(await listVerifications(token, filtersToApiQuery(filters))),
  });
}

export async function prefetchVerification(queryClient: QueryClient, id: string): Promise<void> {
  const token = await getAccessToken();
  if (!token || !isVerificationId(id)) return;
  await queryClient.prefetchQuery({
    queryKey: verificationKeys.detail(id),
    queryFn: async () => toDetail(await getVerification(token, id)),
  });
}
