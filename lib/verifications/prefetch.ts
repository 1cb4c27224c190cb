import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { getVerification, listVerifications } from "@/lib/api/verifications";
import { getAccessToken } from "@/lib/auth/access-token";
import { reviewKeys } from "@/lib/query/review-queries";
import { verificationKeys } from "@/lib/query/verification-queries";
import { readQueuePage } from "@/lib/review/queue";
import { getTeamReview } from "@/lib/review/team-review";
import { loadCaseReview } from "@/lib/bff/review-case";
import { readPeople } from "@/lib/review/people";
import { filtersToApiQuery, type VerificationFilters } from "./filters";
import { isVerificationId } from "./id";
import { toDetail } from "./to-detail";
import { toVerificationPage } from "./to-summary";

// Server-side prefetch under the browser's query keys: the first paint already has data, and the
// browser then reads through the BFF. A failed prefetch is simply not sent (the client retries).

export async function prefetchVerificationPage(queryClient: QueryClient, filters: VerificationFilters, team = false): Promise<void> {
  const token = await getAccessToken();
  if (!token) return;
  if (team) {
    // the people too: the "Responsável" column shows names, not the e-mails the queue carries
    await Promise.all([
      queryClient.prefetchQuery({ queryKey: reviewKeys.queue(filters), queryFn: () => readQueuePage(token, filters) }),
      queryClient.prefetchQuery({ queryKey: reviewKeys.people, queryFn: () => readPeople(token) }),
    ]);
    return;
  }
  await queryClient.prefetchQuery({
    queryKey: verificationKeys.list(filters),
    queryFn: async () => toVerificationPage(await listVerifications(token, filtersToApiQuery(filters))),
  });
}

export async function prefetchVerification(queryClient: QueryClient, id: string): Promise<void> {
  const token = await getAccessToken();
  if (!token || !isVerificationId(id)) return;
  // with team review, the case's review state too: the decision panel waited for it in the browser
  // (its notice was the page's largest paint, after hydration and a BFF round trip), and so did
  // the keys (html[data-triage])
  const team = await getTeamReview();
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: verificationKeys.detail(id),
      queryFn: async () => toDetail(await getVerification(token, id)),
    }),
    team ? queryClient.prefetchQuery({ queryKey: reviewKeys.case(id), queryFn: () => loadCaseReview(token, id) }) : null,
    team ? queryClient.prefetchQuery({ queryKey: reviewKeys.people, queryFn: () => readPeople(token) }) : null,
  ]);
}
