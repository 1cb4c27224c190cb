import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import type { Alert } from "@/lib/contract/monitoring";
import { bffError } from "@/lib/bff/errors";
import { ALERT_NOT_FOUND, alertError, isAlertId } from "@/lib/bff/monitoring";
import { textField } from "@/lib/bff/review-case";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { MAX_ALERT_COMMENT } from "@/lib/monitoring/wording";

// POST /bff/monitoring/alerts/:id/resolve – {resolution: "confirmed" | "dismissed", comment}:
// "Confirmar risco" (the case goes back to the queue) or "Descartar" (the change never alerts
// again). The comment is required. Answers the resolved alert.
export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isAlertId(params.id)) return bffError(404, "not_found", ALERT_NOT_FOUND);
    const body = await readJson(request);
    const resolution = (body as { resolution?: unknown } | null)?.resolution;
    if (resolution !== "confirmed" && resolution !== "dismissed")
      return bffError(400, "invalid_request", "Escolha entre confirmar o risco e descartar o alerta.");
    const comment = textField(body, "comment");
    if (!comment) return bffError(400, "invalid_request", "Escreva um comentário: ele fica registrado com a resolução.");
    if (comment.length > MAX_ALERT_COMMENT)
      return bffError(400, "invalid_request", `O comentário passa de ${MAX_ALERT_COMMENT.toLocaleString("pt-BR")} caracteres.`);
    try {
      const alert = await reviewFetch<Alert>(`/alerts/${params.id}/resolve`, { method: "POST", token, body: { resolution, comment } });
      return NextResponse.json(alert, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return alertError(error);
    }
  },
  { notFoundMessage: ALERT_NOT_FOUND },
);
