import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getUsage } from "@/lib/api/enrichments";
import { reviewFetch } from "@/lib/api/review";
import type { UsageDaily } from "@/lib/contract/review";
import { dayStart, nextDayStart } from "./filters";

// Billed actions per day and per action for /usage: one request to the review API's
// GET /api/review/v1/usage/daily. Against a deployment of the bare interface (no review API: 404),
// GET /api/v3/usage counts per action over a period, so the BFF asks it once per São Paulo day of
// the chosen period, one at a time, waiting when the v3 rate limit answers 429.

export const MAX_DAYS = 31;

export interface UsageDay {
  day: string;
  counts: Record<string, number>;
  total: number;
}

export interface UsageReportView {
  from: string;
  to: string;
  actions: string[];
  days: UsageDay[];
  totals: Record<string, number>;
  total: number;
}

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (d <= end && out.length <= MAX_DAYS) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

async function usageOfDay(token: string, day: string, signal?: AbortSignal, calls?: ApiCalls) {
  for (let attempt = 0; ; attempt++) {
    try {
      if (calls) calls.count++;
      return await getUsage(token, dayStart(day), nextDayStart(day), signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      throw error;
    }
  }
}

/** The review API's answer, or null when the API has no review API (404: a bare deployment). */
async function dailyUsage(
  token: string,
  from: string,
  to: string,
  signal?: AbortSignal,
  calls?: ApiCalls,
): Promise<UsageReportView | null> {
  try {
    if (calls) calls.count++;
    const daily = await reviewFetch<UsageDaily>("/usage/daily", { token, query: { from, to }, signal });
    return { from: daily.from, to: daily.to, actions: daily.actions, days: daily.days, totals: daily.totals, total: daily.total };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** How many API requests a read made (the BFF says it in its Server-Timing header). */
export interface ApiCalls {
  count: number;
}

export async function readUsage(token: string, from: string, to: string, signal?: AbortSignal, calls?: ApiCalls): Promise<UsageReportView> {
  return (await dailyUsage(token, from, to, signal, calls)) ?? readUsagePerDay(token, from, to, signal, calls);
}

/** The bare interface's way: GET /api/v3/usage once per day. */
export async function readUsagePerDay(
  token: string,
  from: string,
  to: string,
  signal?: AbortSignal,
  calls?: ApiCalls,
): Promise<UsageReportView> {
  const days: UsageDay[] = [];
  const totals: Record<string, number> = {};
  for (const day of daysBetween(from, to)) {
    const report = await usageOfDay(token, day, signal, calls);
    const counts: Record<string, number> = {};
    for (const { action, count } of report.actions) {
      counts[action] = count;
      totals[action] = (totals[action] ?? 0) + count;
    }
    days.push({ day, counts, total: report.total });
  }
  const actions = Object.keys(totals).sort();
  return { from, to, actions, days, totals, total: Object.values(totals).reduce((a, b) => a + b, 0) };
}
