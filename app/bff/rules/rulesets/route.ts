import { NextResponse } from "next/server";
import { reviewExchange, reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { isRulesProfile, isRulesetId, rulesError } from "@/lib/rules/bff-errors";

// GET  /bff/rules/rulesets?profileId= – the profile's versions, newest first.
// POST /bff/rules/rulesets {profileId, basedOn?} – a new draft (admins).
export const GET = withAccessToken(async (request, { token }) => {
  const profileId = request.nextUrl.searchParams.get("profileId");
  if (!isRulesProfile(profileId)) return bffError(400, "invalid_request", "Perfil de score desconhecido.");
  const body = await reviewFetch<unknown>("/rulesets", { token, signal: request.signal, query: { profileId } });
  return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
});

export const POST = withMutation(async (request, { token }) => {
  const input = (await readJson(request)) as { profileId?: unknown; basedOn?: unknown } | null;
  const profileId = typeof input?.profileId === "string" ? input.profileId : null;
  if (!isRulesProfile(profileId)) return bffError(400, "invalid_request", "Perfil de score desconhecido.");
  const basedOn = typeof input?.basedOn === "string" && isRulesetId(input.basedOn) ? input.basedOn : undefined;
  try {
    const answer = await reviewExchange<unknown>("/rulesets", { method: "POST", token, body: { profileId, basedOn } });
    return NextResponse.json(answer.body, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (error) {
    return rulesError(error);
  }
});
