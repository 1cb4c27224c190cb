import { NextResponse } from "next/server";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { reviewFetch } from "@/lib/api/review";
import type { Alert } from "@/lib/contract/monitoring";
import { bffError } from "@/lib/bff/errors";
import { ALERT_NOT_FOUND, alertError, isAlertId } from "@/lib/bff/monitoring";
import { readJson, withMutation } from "@/lib/bff/with-mutation";

// PUT /bff/monitoring/alerts/:id/assignee – {assign: "me" | null, takeOver?}: "Atribuir a mim",
// "Assumir" (takeOver, recorded) or "Liberar", as for a case. Answers the alert.
export const PUT = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isAlertId(params.id)) return bffError(404, "not_found", ALERT_NOT_FOUND);
    const body = (await readJson(request)) as { assign?: unknown; takeOver?: unknown } | null;
    if (body?.assign !== "me" && body?.assign !== null)
      return bffError(400, "invalid_request", "Escolha entre atribuir o alerta a você ou liberá-lo.");
    const me = readAccessTokenClaims(token).sub;
    if (body.assign === "me" && !me) return bffError(401, "unauthorized", "Sessão expirada. Entre novamente.");
    try {
      const alert = await reviewFetch<Alert>(`/alerts/${params.id}/assignee`, {
        method: "PUT",
        token,
        body: { userId: body.assign === "me" ? me : null, ...(body.takeOver === true ? { takeOver: true } : {}) },
      });
      return NextResponse.json(alert, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return alertError(error);
    }
  },
  { notFoundMessage: ALERT_NOT_FOUND },
);
