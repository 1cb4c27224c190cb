import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { writeSessionTokens } from "@/lib/bff/session-update";
import { ConfirmTotpBody, type ConfirmTotpResult } from "@/lib/contract/mfa";

// POST /bff/auth/factor/totp/confirm – confirm the enrolment with a code: the recovery codes (shown
// once). When the session was limited to the enrolment (MFA obrigatório), its full pair replaces
// the limited one in the cookie; the tokens stay on the server.
export const POST = withMutation(async (request, { token }) => {
  const parsed = ConfirmTotpBody.safeParse(await readJson(request));
  if (!parsed.success) return bffError(400, "invalid_request", "Informe os 6 dígitos do aplicativo autenticador.");
  const result = await reviewFetch<ConfirmTotpResult>("/auth/factor/totp/confirm", { method: "POST", token, body: parsed.data });
  const response = NextResponse.json({ recoveryCodes: result.recoveryCodes }, { headers: { "cache-control": "no-store" } });
  if (result.tokens) await writeSessionTokens(request, response, result.tokens);
  return response;
});
