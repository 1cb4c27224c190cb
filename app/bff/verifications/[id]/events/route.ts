import { reviewFetch } from "@/lib/api/review";
import { CASE_NOT_FOUND, casePath, caseNotFound, json } from "@/lib/bff/review-case";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { AUDIT_EVENT_TYPES, type AuditEventList } from "@/lib/contract/review";
import { isVerificationId } from "@/lib/verifications/id";

// GET /bff/verifications/:id/events?type&cursor – the case's "Linha do tempo", newest first.
// Event data holds masked documents only (the service never records a full one).
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return caseNotFound();
    const search = request.nextUrl.searchParams;
    const types = (search.get("type") ?? "")
      .split(",")
      .filter((t) => (AUDIT_EVENT_TYPES as readonly string[]).includes(t))
      .join(",");
    const cursor = search.get("cursor")?.slice(0, 200) || undefined;
    const page = await reviewFetch<AuditEventList>(casePath(params.id, "/events"), {
      token,
      signal: request.signal,
      query: { type: types || undefined, cursor, limit: 50 },
    });
    return json(page);
  },
  { notFoundMessage: CASE_NOT_FOUND },
);
