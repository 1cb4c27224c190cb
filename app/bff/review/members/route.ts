import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { Member } from "@/lib/contract/review";

// GET /bff/review/members – who may be assigned cases (the workspace's enabled admins and analysts).
export const GET = withAccessToken(async (request, { token }) => {
  const { members } = await reviewFetch<{ members: Member[] }>("/members", { token, signal: request.signal });
  return NextResponse.json({ members }, { headers: { "cache-control": "private, no-store" } });
});
