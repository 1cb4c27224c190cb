import { NextResponse } from "next/server";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readPeople } from "@/lib/review/people";

// GET /bff/review/people – everyone of the workspace with their name and e-mail: the console shows
// a person by name wherever the API gives an id and an e-mail (issue 28, item 9).
export const GET = withAccessToken(async (request, { token }) => {
  return NextResponse.json(await readPeople(token, request.signal), { headers: { "cache-control": "private, no-store" } });
});
