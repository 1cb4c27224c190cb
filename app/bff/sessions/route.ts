import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { withAccessToken } from "@/lib/bff/with-access-token";

// GET /bff/sessions – the signed-in person's live sessions ("Sessões ativas").
export const GET = withAccessToken(async (request, { token }) => {
  const body = await reviewFetch<unknown>("/sessions", { token, signal: request.signal });
  return NextResponse.json(body, { headers: { "cache-control": "private, no-store" } });
});
