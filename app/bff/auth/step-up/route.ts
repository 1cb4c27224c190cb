import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { StepUpBody, type StepUpResult } from "@/lib/contract/mfa";

// POST /bff/auth/step-up – the password (and code) again, before an act of the step-up list (issue 34).
export const POST = withMutation(async (request, { token }) => {
  const parsed = StepUpBody.safeParse(await readJson(request));
  if (!parsed.success) return bffError(400, "invalid_request", "Informe a senha (e o código, se tiver segundo fator).");
  const forwarded = request.headers.get("x-forwarded-for");
  const result = await reviewFetch<StepUpResult>("/auth/step-up", {
    method: "POST",
    token,
    body: parsed.data,
    // the service counts failed passwords per browser address, as at the sign-in
    headers: forwarded && /^[0-9A-Fa-f:., ]{1,512}$/.test(forwarded) ? { "x-forwarded-for": forwarded } : undefined,
  });
  return NextResponse.json(result, { headers: { "cache-control": "no-store" } });
});
