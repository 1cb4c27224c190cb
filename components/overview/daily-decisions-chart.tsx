"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { VerificationStats } from "@/lib/contract/verification-stats";
import { DECISION_COLOURS, DECISION_LABELS } from "./decision-colours";

// Decisions recorded per day, stacked by decision.

export default function DailyDecisionsChart({ days }: { days: VerificationStats["daily"] }) {
  const data = days.map((day) => ({ ...day, label: `${day.date.slice(8, 10)}/${day.date.slice(5, 7)}` }));
  return (
    <ResponsiveContainer width="100%" height={180}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e4e4e7" />
        <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#52525b" }} tickLine={false} axisLine={{ stroke: "#d4d4d8" }} minTickGap={12} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#52525b" }} tickLine={false} axisLine={false} />
        <Tooltip cursor={{ fill: "#f4f4f5" }} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {(["APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const).map((status) => (
          <Bar key={status} dataKey={status} name={DECISION_LABELS[status]} stackId="d" fill={DECISION_COLOURS[status]} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
