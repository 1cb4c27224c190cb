import { NextResponse } from "next/server";
import { createFeedback, listFeedbacks, type FeedbackRecord } from "@/lib/api/feedbacks";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { isDecision, type DecisionView } from "@/lib/verifications/decisions";
import { isVerificationId } from "@/lib/verifications/id";
import { RISK_FLAGS, type RiskFlag } from "@/lib/contract/review";

const NOT_FOUND = "Verificação não encontrada.";

function toView(record: FeedbackRecord, me: string | undefined): DecisionView {
  const mine = Boolean(me) && record.userId === me;
  const email = typeof record.userEmail === "string" ? record.userEmail : typeof record.email === "string" ? record.email : null;
  return {
    id: record.id,
    status: record.status,
    comment: record.comment ?? null,
    reasons: Array.isArray(record.reasons) ? record.reasons : [],
    author: mine ? "Você" : (email ?? `Usuário ${record.userId.slice(0, 8)}`),
    authorId: record.userId,
    authorEmail: email,
    mine,
    createdAt: record.createdAt,
  };
}

// GET /bff/verifications/:id/feedbacks – the decisions on a verification, newest first.
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const me = readAccessTokenClaims(token).sub;
    const items = (await listFeedbacks(token, params.id, request.signal)).map((r) => toView(r, me));
    return NextResponse.json({ items }, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_FOUND },
);

// POST /bff/verifications/:id/feedbacks – records a decision {status, comment?, reasons?,
// acknowledgedFlags?}. With four-eyes the service answers a proposal (`state: "proposed"`): the
// view says so and the history keeps showing the last effective decision.
export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const body = (await readJson(request)) as {
      status?: unknown;
      comment?: unknown;
      reasons?: unknown;
      acknowledgedFlags?: unknown;
    } | null;
    if (!isDecision(body?.status))
      return bffError(400, "invalid_request", "Escolha uma decisão: Aprovar, Reprovar, Em espera ou Dispensar.");
    const comment = typeof body.comment === "string" && body.comment.trim() ? body.comment.trim().slice(0, 2000) : undefined;
    const reasons = Array.isArray(body.reasons)
      ? body.reasons.filter((r): r is string => typeof r === "string" && r.length > 0).slice(0, 20)
      : undefined;
    const acknowledgedFlags = Array.isArray(body.acknowledgedFlags)
      ? body.acknowledgedFlags.filter((f): f is RiskFlag => (RISK_FLAGS as readonly unknown[]).includes(f))
      : undefined;
    const created = await createFeedback(token, params.id, {
      status: body.status,
      comment,
      ...(reasons?.length ? { reasons } : {}),
      ...(acknowledgedFlags?.length ? { acknowledgedFlags } : {}),
    });
    const view: DecisionView = {
      ...toView(created, readAccessTokenClaims(token).sub),
      ...(created.state === "proposed" ? { proposed: true } : {}),
    };
    return NextResponse.json(view, { status: 201, headers: { "cache-control": "no-store" } });
  },
  {
    notFoundMessage: NOT_FOUND,
    messages: {
      400: "A decisão não foi aceita: confira os motivos (obrigatórios para esta decisão no workspace) e os sinais de risco do caso.",
      403: "Seu papel não permite registrar decisões.",
      409: "A verificação não pode receber uma decisão agora: ainda não terminou ou aguarda a 2ª revisão.",
    },
  },
);
