import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { Fact } from "@/lib/contract/rules";
import { isRulesProfile } from "@/lib/rules/bff-errors";

// GET /bff/rules/facts?profileId= – the facts a condition may read (the editor's autocompletion).
export const GET = withAccessToken(async (request, { token }) => {
  const profileId = request.nextUrl.searchParams.get("profileId");
  if (!isRulesProfile(profileId)) return bffError(400, "invalid_request", "Perfil de score desconhecido.");
  const body = await reviewFetch<{ facts: Fact[] }>("/rules/facts", { token, signal: request.signal, query: { profileId } });
  return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
});
