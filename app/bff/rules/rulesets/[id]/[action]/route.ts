import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { isRulesetId, rulesError } from "@/lib/rules/bff-errors";

const NOT_FOUND = "Versão de regras não encontrada.";
const ACTIONS = ["publish", "activate", "shadow"] as const;

// POST /bff/rules/rulesets/:id/publish | activate | shadow {enabled} (admins): the version's lifecycle.
export const POST = withMutation<{ id: string; action: string }>(
  async (request, { token, params }) => {
    const action = ACTIONS.find((a) => a === params.action);
    if (!action || !isRulesetId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    let body: { enabled: boolean } | undefined;
    if (action === "shadow") {
      const input = (await readJson(request)) as { enabled?: unknown } | null;
      if (typeof input?.enabled !== "boolean") return bffError(400, "invalid_request", "Diga se a sombra liga ou desliga.");
      body = { enabled: input.enabled };
    }
    try {
      const answer = await reviewFetch<unknown>(`/rulesets/${params.id}/${action}`, { method: "POST", token, body });
      return NextResponse.json(answer, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return rulesError(error);
    }
  },
  { notFoundMessage: NOT_FOUND },
);
