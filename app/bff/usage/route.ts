import { NextResponse } from "next/server";
import { getServerSession } from "next-auth";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { authOptions } from "@/lib/auth/options";
import { MAX_DAYS, daysBetween, readUsage } from "@/lib/enrichments/usage";

// GET /bff/usage?from=YYYY-MM-DD&to=YYYY-MM-DD – billed actions per day and per action (admins).
// One request to the review API's usage/daily; per-day v3 requests against a bare deployment
// (lib/enrichments/usage.ts). Server-Timing says how many API requests it took and how long.

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
  const calls = { count: 0 };
  const started = performance.now();
  const usage = await readUsage(token, from, to, request.signal, calls);
  // how many API requests the answer took, and how long (one with the review API, one per day without)
  const timing = `api;desc="${calls.count} ${calls.count === 1 ? "request" : "requests"}";dur=${(performance.now() - started).toFixed(1)}`;
  return NextResponse.json(usage, { headers: { "cache-control": "no-store", "server-timing": timing } });
});
