import type { VerificationStats } from "@/lib/contract/verification-stats";
import { pluralize } from "@/lib/contract/format/number";
import { ColumnChart } from "./column-chart";
import { DECISION_COLOURS, DECISION_LABELS } from "./decision-colours";

// Decisions recorded per day, stacked by decision.

const STATUSES = ["APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;

export default function DailyDecisionsChart({ days }: { days: VerificationStats["daily"] }) {
  // at most about eight dates under the bars, evenly spaced
  const every = Math.max(1, Math.ceil(days.length / 8));
  return (
    <ColumnChart
      height={160}
      legend={STATUSES.map((status) => ({ label: DECISION_LABELS[status], colour: DECISION_COLOURS[status] }))}
      columns={days.map((day, i) => {
        const label = `${day.date.slice(8, 10)}/${day.date.slice(5, 7)}`;
        const total = STATUSES.reduce((sum, status) => sum + (day[status] ?? 0), 0);
        return {
          key: day.date,
          label: i % every === 0 ? label : "",
          title: `${label}: ${pluralize(total, "decisão", "decisões")} (${STATUSES.map((s) => `${DECISION_LABELS[s]} ${day[s] ?? 0}`).join(", ")})`,
          parts: STATUSES.map((status) => ({ value: day[status] ?? 0, colour: DECISION_COLOURS[status] })),
        };
      })}
    />
  );
}
