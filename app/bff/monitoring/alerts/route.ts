import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { alertQuery } from "@/lib/bff/monitoring";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { AlertPage } from "@/lib/query/monitoring-queries";

// GET /bff/monitoring/alerts?state=&source=&kind=&assignee=me|none&caseId=&cursor= – the Alertas
// queue, 50 a page, newest first. The service masks each alert's document; nothing else is added.
export const GET = withAccessToken(async (request, { token }) => {
  const query = alertQuery(request.nextUrl.searchParams);
  if (!query) return bffError(400, "invalid_request", "Filtro de alertas inválido.");
  const body = await reviewFetch<AlertPage>("/alerts", { token, signal: request.signal, query });
  return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
});
