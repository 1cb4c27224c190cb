import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Alert, MonitoringStatus } from "@/lib/contract/monitoring";
import { alertFiltersToParams, type AlertFilters } from "@/lib/monitoring/filters";
import { bffFetch } from "./bff-fetch";

// Browser-side queries of monitoring (issue 32): the Alertas queue, a case's open alerts, the
// navigation's count of open alerts and the summary behind the overview's card. Every key starts with
// "monitoring", so one invalidation after a resolve or an assignment refreshes all of them.

export interface AlertPage {
  alerts: Alert[];
  nextCursor: string | null;
}

/** GET /bff/monitoring/summary: the status when the service has it, and the open alerts' count either way. */
export interface MonitoringSummary {
  status: MonitoringStatus | null;
  /** Open alerts: the status' figure, else counted from the list (at most `countCap`). */
  openAlerts: number;
  /** True when counted from the list and there are more than `openAlerts`. */
  more: boolean;
}

/** GET /bff/monitoring/count: the navigation's count of open alerts. */
export interface OpenAlertsCount {
  openAlerts: number;
  /** True when counted from the list (a service without the count route) and there are more than `openAlerts`. */
  more: boolean;
}

export const monitoringKeys = {
  all: ["monitoring"] as const,
  alerts: (filters: AlertFilters) => ["monitoring", "alerts", filters] as const,
  caseAlerts: (id: string) => ["monitoring", "case", id] as const,
  summary: ["monitoring", "summary"] as const,
  count: ["monitoring", "count"] as const,
};

export function alertsQuery(filters: AlertFilters) {
  const search = alertFiltersToParams(filters);
  search.set("state", filters.state);
  return infiniteQueryOptions({
    queryKey: monitoringKeys.alerts(filters),
    initialPageParam: "",
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams(search);
      if (pageParam) params.set("cursor", pageParam);
      return bffFetch<AlertPage>(`/bff/monitoring/alerts?${params.toString()}`, signal);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** A case's open alerts (the case page's top). */
export function caseAlertsQuery(id: string) {
  return queryOptions({
    queryKey: monitoringKeys.caseAlerts(id),
    queryFn: ({ signal }) => bffFetch<AlertPage>(`/bff/monitoring/alerts?state=open&caseId=${encodeURIComponent(id)}`, signal),
  });
}

export function monitoringSummaryQuery() {
  return queryOptions({
    queryKey: monitoringKeys.summary,
    queryFn: ({ signal }) => bffFetch<MonitoringSummary>("/bff/monitoring/summary", signal),
    // the status aggregates every watched document (a large workspace watches a million): read
    // again on focus, after every resolve or assignment (invalidated), and every 5 minutes
    staleTime: 60_000,
    refetchInterval: 300_000,
  });
}

/** The navigation's count: an index-backed count, so read on focus, after every resolve or assignment, and every minute. */
export function openAlertsCountQuery() {
  return queryOptions({
    queryKey: monitoringKeys.count,
    queryFn: ({ signal }) => bffFetch<OpenAlertsCount>("/bff/monitoring/count", signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
