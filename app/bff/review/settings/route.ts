import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { SettingsUpdate, type ReviewSettings } from "@/lib/contract/review";

// GET /bff/review/settings – the workspace's review settings (SLA, reasons, four-eyes).
// PUT /bff/review/settings – any subset of them (admins; the API refuses others).
export const GET = withAccessToken(async (request, { token }) => {
  const settings = await reviewFetch<ReviewSettings>("/settings", { token, signal: request.signal });
  return NextResponse.json(settings, { headers: { "cache-control": "no-store" } });
});

export const PUT = withMutation(
  async (request, { token }) => {
    const parsed = SettingsUpdate.safeParse(await readJson(request));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join(".") ?? "";
      return bffError(
        400,
        "invalid_request",
        where === "slaHours" ? "O SLA deve ser um número inteiro de horas, de 1 a 720." : `Configuração inválida (${where || "corpo"}).`,
      );
    }
    const settings = await reviewFetch<ReviewSettings>("/settings", { method: "PUT", token, body: parsed.data });
    return NextResponse.json(settings, { headers: { "cache-control": "no-store" } });
  },
  {
    messages: {
      400: "A configuração não foi aceita: confira os valores.",
      403: "Só um admin altera as configurações.",
      422: "Uma regra de distribuição cita alguém que não é admin ou analista ativo deste workspace.",
    },
  },
);
