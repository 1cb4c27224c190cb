// POST /api/review/v1/cases/bulk (issue 18): up to 100 cases, each handled on its own, as if done
// one by one: an assignment each (server/review/assignment/store.ts) or a decision each through
// the v2 feedback route's code (createFeedback: its own transaction, rules and events). One bad id
// never fails the others: each gets {id, ok, error?}. An id that is not a UUID is not_found; a
// repeated id is refused the second time (duplicate_in_request).
import type { Services } from "../../context";
import type { TokenClaims } from "../../auth/tokens";
import { ApiError } from "../../http/errors";
import { createFeedback } from "../../decisions/store";
import { assignCase } from "../assignment/store";
import type { BulkBody, BulkResult } from "../../../lib/contract/review";
import { UUID } from "./queries";

type Result = BulkResult["results"][number];

async function one(s: Services, who: TokenClaims, id: string, body: BulkBody, requestId: string): Promise<Result> {
  if (!UUID.test(id)) throw new ApiError("not_found", "case not found");
  if (body.action === "assign") {
    await assignCase(s.db, who, id, { userId: body.userId, takeOver: body.takeOver }, requestId);
    return { id, ok: true };
  }
  const { ids: _ids, action: _action, ...decision } = body;
  const record = await createFeedback(s.db, who, id, decision, requestId);
  s.records.invalidate(id);
  return { id, ok: true, state: "state" in record ? "proposed" : "effective" };
}

export async function runBulk(s: Services, who: TokenClaims, body: BulkBody, requestId: string): Promise<BulkResult> {
  const seen = new Set<string>();
  const results: Result[] = [];
  for (const id of body.ids) {
    const key = id.toLowerCase();
    if (seen.has(key)) {
      results.push({ id, ok: false, error: { code: "duplicate_in_request", message: "This id appears earlier in the request" } });
      continue;
    }
    seen.add(key);
    try {
      results.push(await one(s, who, key, body, requestId));
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // an unexpected failure of this case only (logged with the request id); the others go on
        s.log.error({ err: error, reqId: requestId }, "bulk item failed");
        results.push({ id, ok: false, error: { code: "internal_error", message: "Unexpected failure; quote the request id to support" } });
        continue;
      }
      // a v2 "not found" message says verification; the review API says case
      const message = error.code === "not_found" ? "case not found" : error.message;
      results.push({ id, ok: false, error: { code: error.code, message } });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { total: results.length, succeeded, failed: results.length - succeeded, results };
}
