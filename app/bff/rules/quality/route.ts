import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { ScoreQuality } from "@/lib/contract/rules";
import { isRulesProfile } from "@/lib/rules/bff-errors";

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

// GET /bff/rules/quality?profileId=&from= – "Qualidade do score" (the overview): the active version's AUC and approval per score band.
export const GET = withAccessToken(async (request, { token }) => {
  const profileId = request.nextUrl.searchParams.get("profileId");
  if (!isRulesProfile(profileId)) return bffError(400, "invalid_request", "Perfil de score desconhecido.");
  const from = request.nextUrl.searchParams.get("from") || undefined;
  if (from !== undefined && !INSTANT.test(from)) return bffError(400, "invalid_request", "Início do período inválido.");
  const body = await reviewFetch<ScoreQuality>("/rules/quality", { token, signal: request.signal, query: { profileId, from } });
  return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
});
