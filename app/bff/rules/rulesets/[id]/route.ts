import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { isRulesetId, rulesError } from "@/lib/rules/bff-errors";

const NOT_FOUND = "Versão de regras não encontrada.";

// GET /bff/rules/rulesets/:id – one version with its rules.
// PUT /bff/rules/rulesets/:id {rules, thresholds} – saves a draft (admins); invalid_ruleset names the rule and the position.
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isRulesetId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const body = await reviewFetch<unknown>(`/rulesets/${params.id}`, { token, signal: request.signal });
    return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_FOUND },
);

export const PUT = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!isRulesetId(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const input = (await readJson(request)) as { rules?: unknown; thresholds?: unknown } | null;
    if (!Array.isArray(input?.rules) || typeof input?.thresholds !== "object" || input.thresholds === null)
      return bffError(400, "invalid_request", "Envie as regras e os limites da versão.");
    try {
      const body = await reviewFetch<unknown>(`/rulesets/${params.id}`, {
        method: "PUT",
        token,
        body: { rules: input.rules, thresholds: input.thresholds },
      });
      return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return rulesError(error);
    }
  },
  { notFoundMessage: NOT_FOUND },
);
