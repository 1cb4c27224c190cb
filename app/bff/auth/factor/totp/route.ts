import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { withMutation } from "@/lib/bff/with-mutation";
import type { TotpEnrolment } from "@/lib/contract/mfa";

// POST /bff/auth/factor/totp – start a TOTP enrolment: the secret, its otpauth URI and QR code (issue 34).
// The secret reaches the browser on purpose: the person types or scans it into an authenticator app.
export const POST = withMutation(async (_request, { token }) => {
  const enrolment = await reviewFetch<TotpEnrolment>("/auth/factor/totp", { method: "POST", token });
  return NextResponse.json(enrolment, { headers: { "cache-control": "no-store" } });
});
