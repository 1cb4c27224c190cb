import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { reviewFetch } from "@/lib/api/review";
import type { AlertCount } from "@/lib/contract/monitoring";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { AlertPage, OpenAlertsCount } from "@/lib/query/monitoring-queries";

/** Open alerts counted from the list when the service has no count route: one page of 100 at most. */
const COUNT_CAP = 100;

// GET /bff/monitoring/count – the navigation's "Alertas" count: GET /monitoring/alerts/count (an
// index-backed count, cheap at any size; the overview's card keeps reading the status through
// /bff/monitoring/summary), else, against a service without it, the open alerts counted from the
// list ("100+" past one page).
export const GET = withAccessToken(async (request, { token }) => {
  let count: OpenAlertsCount;
  try {
    const answer = await reviewFetch<AlertCount>("/monitoring/alerts/count", { token, signal: request.signal });
    count = { openAlerts: answer.open, more: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const page = await reviewFetch<AlertPage>("/alerts", { token, signal: request.signal, query: { state: "open", limit: COUNT_CAP } });
    count = { openAlerts: page.alerts.length, more: page.nextCursor !== null };
  }
  return NextResponse.json(count, { headers: { "cache-control": "no-store" } });
});
