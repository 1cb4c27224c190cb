import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { writeSessionTokens } from "@/lib/bff/session-update";
import { SecondFactorBody } from "@/lib/contract/mfa";
import type { TokenPair } from "@/lib/api/types";

// POST /bff/auth/second-factor – the sign-in's second step: a code or a recovery code. The full
// pair the API answers replaces the limited one in the session cookie.
export const POST = withMutation(async (request, { token }) => {
  const parsed = SecondFactorBody.safeParse(await readJson(request));
  if (!parsed.success) return bffError(400, "invalid_request", "Informe os 6 dígitos do aplicativo ou um código de recuperação.");
  const pair = await reviewFetch<TokenPair>("/auth/second-factor", { method: "POST", token, body: parsed.data });
  const response = NextResponse.json({ ok: true }, { headers: { "cache-control": "no-store" } });
  await writeSessionTokens(request, response, pair);
  return response;
});
