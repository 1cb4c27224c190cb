"use client";

import { ColumnChart } from "@/components/charts/column-chart";
import type { VerificationStats } from "@/lib/contract/verification-stats";
import { DECISION_COLOURS, DECISION_LABELS } from "./decision-colours";

// Decisions recorded per day, stacked by decision.

const DECIDED = ["APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;

export function DailyDecisionsChart({ days }: { days: VerificationStats["daily"] }) {
  return (
    <ColumnChart
      testId="daily-chart"
      height={180}
      maxLabels={10}
      legend={DECIDED.map((status) => ({ name: DECISION_LABELS[status], colour: DECISION_COLOURS[status] }))}
      columns={days.map((day) => ({
        key: day.date,
        label: `${day.date.slice(8, 10)}/${day.date.slice(5, 7)}`,
        title: `${day.date.slice(8, 10)}/${day.date.slice(5, 7)}/${day.date.slice(0, 4)}`,
        segments: DECIDED.map((status) => ({ name: DECISION_LABELS[status], value: day[status], colour: DECISION_COLOURS[status] })),
      }))}
    />
  );
}
