"use client";

import { useQuery } from "@tanstack/react-query";
import { openAlertsCountQuery } from "@/lib/query/monitoring-queries";

/**
 * The open alerts' count beside "Alertas" in the navigation: nothing until it is known, nothing at
 * zero or on a failure (the link still works). GET /bff/monitoring/count (an index-backed count, not
 * the status' aggregate over every watched document): refreshed on focus, every minute and after
 * every resolve or assignment.
 */
export function AlertsCount() {
  const query = useQuery(openAlertsCountQuery());
  const count = query.data?.openAlerts ?? 0;
  if (count === 0) return null;
  // past 99 the badge says "99+" (the exact number is on the overview's card)
  const text = count > 99 ? "99+" : query.data?.more ? `${count}+` : String(count);
  return (
    <span
      data-testid="nav-alerts-count"
      data-count={count}
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-xs leading-5 font-semibold text-white"
    >
      {text}
      <span className="sr-only"> {count === 1 && !query.data?.more ? "alerta aberto" : "alertas abertos"}</span>
    </span>
  );
}
