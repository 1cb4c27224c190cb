import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { isRulesetId, rulesError } from "@/lib/rules/bff-errors";

const NOT_FOUND = "Versão de regras não encontrada.";
const ACTIONS = ["publish", "activate", "shadow", "backtests"] as const;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Simular"'s body: {from?, to?} RFC 3339 instants and a baseline version, each optional; null when malformed. */
function backtestBody(input: unknown): { from?: string; to?: string; baseline?: string } | null {
  if (input === null || typeof input !== "object") return null;
  const { from, to, baseline } = input as Record<string, unknown>;
  const body: { from?: string; to?: string; baseline?: string } = {};
  for (const [key, value] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (value === undefined || value === null || value === "") continue;
    if (typeof value !== "string" || !INSTANT.test(value)) return null;
    body[key] = value;
  }
  if (baseline !== undefined && baseline !== null && baseline !== "") {
    if (typeof baseline !== "string" || !UUID.test(baseline)) return null;
    body.baseline = baseline;
  }
  return body;
}

// POST /bff/rules/rulesets/:id/publish | activate | shadow {enabled} (admins): the version's lifecycle.
// POST /bff/rules/rulesets/:id/backtests {from?, to?, baseline?} (admins): "Simular" asks for a backtest, 202 {id}.
export const POST = withMutation<{ id: string; action: string }>(
  async (request, { token, params }) => {
    const action = ACTIONS.find((a) => a === params.action);
    if (!action || !isRulesetId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    let body: unknown;
    if (action === "shadow") {
      const input = (await readJson(request)) as { enabled?: unknown } | null;
      if (typeof input?.enabled !== "boolean") return bffError(400, "invalid_request", "Diga se a sombra liga ou desliga.");
      body = { enabled: input.enabled };
    }
    if (action === "backtests") {
      body = backtestBody(await readJson(request));
      if (body === null) return bffError(400, "invalid_request", "Período inválido: informe datas válidas (ou deixe em branco).");
    }
    try {
      const answer = await reviewFetch<unknown>(`/rulesets/${params.id}/${action}`, { method: "POST", token, body });
      return NextResponse.json(answer, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      if (action === "backtests" && error instanceof ApiError && error.code === "invalid_body")
        return bffError(
          400,
          "invalid_body",
          "Período ou versão de comparação inválidos: o início precisa vir antes do fim, e a comparação ser do mesmo perfil.",
        );
      return rulesError(error);
    }
  },
  { notFoundMessage: NOT_FOUND },
);
