import { NextResponse } from "next/server";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import type { BulkBody, BulkResult } from "@/lib/contract/review";
import type { BulkView } from "@/lib/query/review-queries";
import { bulkErrorMessage } from "@/lib/review/labels";
import { isDecision } from "@/lib/verifications/decisions";
import { isVerificationId } from "@/lib/verifications/id";

// POST /bff/review/cases/bulk – up to 100 selected cases:
//   {ids, action: "assign", userId: "me" | <a member's id> | null}  (assign, or release)
//   {ids, action: "decide", status, reasons?, comment?}
// Answers the review API's result per id, each failure with a pt-BR reason.

const strings = (value: unknown, max: number): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim().length > 0).slice(0, max) : [];

export const POST = withMutation(
  async (request, { token }) => {
    const body = (await readJson(request)) as Record<string, unknown> | null;
    const ids = strings(body?.ids, 101);
    if (ids.length === 0 || ids.length > 100) return bffError(400, "invalid_request", "Selecione de 1 a 100 casos.");
    let upstream: BulkBody;
    if (body?.action === "assign") {
      const me = readAccessTokenClaims(token).sub;
      const userId = body.userId;
      if (userId !== null && userId !== "me" && !(typeof userId === "string" && isVerificationId(userId)))
        return bffError(400, "invalid_request", "Escolha a quem atribuir.");
      if (userId === "me" && !me) return bffError(401, "unauthorized", "Sessão expirada. Entre novamente.");
      upstream = { ids, action: "assign", userId: userId === "me" ? me! : userId };
    } else if (body?.action === "decide") {
      if (!isDecision(body.status))
        return bffError(400, "invalid_request", "Escolha uma decisão: Aprovar, Reprovar, Em espera ou Dispensar.");
      const comment = typeof body.comment === "string" && body.comment.trim() ? body.comment.trim().slice(0, 2000) : undefined;
      const reasons = strings(body.reasons, 20);
      upstream = { ids, action: "decide", status: body.status, ...(comment ? { comment } : {}), ...(reasons.length ? { reasons } : {}) };
    } else return bffError(400, "invalid_request", "Ação desconhecida.");
    const result = await reviewFetch<BulkResult>("/cases/bulk", { method: "POST", token, body: upstream, timeoutMs: 120_000 });
    const view: BulkView = {
      succeeded: result.succeeded,
      failed: result.failed,
      results: result.results.map((r) => ({
        id: r.id,
        ok: r.ok,
        ...(r.state === "proposed" ? { proposed: true } : {}),
        ...(r.error ? { error: { code: r.error.code, message: bulkErrorMessage(r.error.code) } } : {}),
      })),
    };
    return NextResponse.json(view, { headers: { "cache-control": "no-store" } });
  },
  { messages: { 400: "A ação não foi aceita: confira a decisão, os motivos e o comentário.", 403: "Seu papel não permite esta ação." } },
);
