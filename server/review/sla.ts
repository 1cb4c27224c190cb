// The SLA of a case (issue 18): it runs from when the case became decidable (reviewStartedAt) to its
// first effective decision, and lasts the workspace's slaHours. States: ok; due_soon in its last
// quarter; breached past it (or decided after it); met when decided within it. A case that is not
// decidable yet has none.
import type { SlaState } from "../../lib/contract/review";

export const DUE_SOON_SHARE = 0.25;

export interface Sla {
  slaDueAt: string | null;
  slaState: SlaState | null;
}

export function slaOf(reviewStartedAt: Date | null, firstDecidedAt: Date | null, slaHours: number, now = new Date()): Sla {
  if (!reviewStartedAt) return { slaDueAt: null, slaState: null };
  const span = slaHours * 3600_000;
  const due = reviewStartedAt.getTime() + span;
  const slaDueAt = new Date(due).toISOString();
  if (firstDecidedAt) return { slaDueAt, slaState: firstDecidedAt.getTime() <= due ? "met" : "breached" };
  if (now.getTime() > due) return { slaDueAt, slaState: "breached" };
  if (due - now.getTime() <= span * DUE_SOON_SHARE) return { slaDueAt, slaState: "due_soon" };
  return { slaDueAt, slaState: "ok" };
}
