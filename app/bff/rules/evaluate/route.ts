import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { isRulesetId, rulesError } from "@/lib/rules/bff-errors";

// POST /bff/rules/evaluate {ruleset: {rules, thresholds} | {id}, verificationId} – a version, saved
// or not, tried on one case: what fires and why, the score and the recommendation. Nothing is
// stored; analysts and viewers may try too (a POST for its body; the origin is checked as for any).
export const POST = withMutation(
  async (request, { token }) => {
    const input = (await readJson(request)) as { ruleset?: Record<string, unknown>; verificationId?: unknown } | null;
    const verificationId = typeof input?.verificationId === "string" && isRulesetId(input.verificationId) ? input.verificationId : null;
    if (!verificationId) return bffError(400, "invalid_request", "Escolha um caso para testar.");
    const ruleset = input?.ruleset;
    let target: unknown;
    if (ruleset && typeof ruleset.id === "string" && isRulesetId(ruleset.id)) target = { id: ruleset.id };
    else if (ruleset && Array.isArray(ruleset.rules) && typeof ruleset.thresholds === "object")
      target = { rules: ruleset.rules, thresholds: ruleset.thresholds };
    else return bffError(400, "invalid_request", "Envie a versão a testar.");
    try {
      const body = await reviewFetch<unknown>("/rulesets/evaluate", { method: "POST", token, body: { ruleset: target, verificationId } });
      return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      return rulesError(error);
    }
  },
  { notFoundMessage: "Caso ou versão não encontrados." },
);
