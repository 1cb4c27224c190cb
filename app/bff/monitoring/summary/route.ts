import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { reviewFetch } from "@/lib/api/review";
import type { MonitoringStatus } from "@/lib/contract/monitoring";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { AlertPage, MonitoringSummary } from "@/lib/query/monitoring-queries";

/** Open alerts counted from the list when the service has no status route: one page of 100 at most. */
const COUNT_CAP = 100;

// GET /bff/monitoring/summary – what the navigation's "Alertas" count and the overview's
// "Monitoramento" card need: GET /monitoring/status when the service has it (its openAlerts), else
// the open alerts counted from the list ("100+" past one page) and no status.
export const GET = withAccessToken(async (request, { token }) => {
  let summary: MonitoringSummary;
  try {
    const status = await reviewFetch<MonitoringStatus>("/monitoring/status", { token, signal: request.signal });
    summary = { status, openAlerts: status.openAlerts, more: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const page = await reviewFetch<AlertPage>("/alerts", { token, signal: request.signal, query: { state: "open", limit: COUNT_CAP } });
    summary = { status: null, openAlerts: page.alerts.length, more: page.nextCursor !== null };
  }
  return NextResponse.json(summary, { headers: { "cache-control": "no-store" } });
});
