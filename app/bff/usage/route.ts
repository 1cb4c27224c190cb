import { NextResponse } from "next/server";
import { getServerSession } from "next-auth";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { authOptions } from "@/lib/auth/options";
import { MAX_DAYS, daysBetween, readUsage } from "@/lib/enrichments/usage";

// GET /bff/usage?from=YYYY-MM-DD&to=YYYY-MM-DD – billed actions per day and per action (admins;
// the API refuses other roles too).

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const GET = withAccessToken(async (request, { token }) => {
  const session = await getServerSession(authOptions);
  if (session?.user?.role !== "admin") return bffError(403, "forbidden", "O uso é visível só para administradores do workspace.");
  const from = request.nextUrl.searchParams.get("from") ?? "";
  const to = request.nextUrl.searchParams.get("to") ?? "";
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
    return bffError(400, "invalid_request", "Informe as datas inicial e final.");
  if (from > to) return bffError(400, "invalid_date_range", "A data inicial deve ser anterior ou igual à final.");
  if (daysBetween(from, to).length > MAX_DAYS) return bffError(400, "invalid_date_range", `Escolha um período de até ${MAX_DAYS} dias.`);
  return NextResponse.json(await readUsage(token, from, to, request.signal), { headers: { "cache-control": "no-store" } });
});
