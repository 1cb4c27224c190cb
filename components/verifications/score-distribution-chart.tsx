"use client";

import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";

// Each module's share of the score deduction, as horizontal bars (percent of the total).

const COLOURS = ["#4f46e5", "#0891b2", "#d97706", "#e11d48", "#059669", "#7c3aed", "#52525b"];

export default function ScoreDistributionChart({ rows, height }: { rows: Array<{ label: string; share: number }>; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 44, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <XAxis type="number" domain={[0, 100]} hide />
        <YAxis type="category" dataKey="label" width={132} tick={{ fontSize: 12, fill: "#3f3f46" }} tickLine={false} axisLine={false} />
        <Bar dataKey="share" radius={[0, 3, 3, 0]} barSize={16} isAnimationActive={false}>
          {rows.map((row, index) => (
            <Cell key={row.label} fill={COLOURS[index % COLOURS.length]} />
          ))}
          <LabelList
            dataKey="share"
            position="right"
            formatter={(value) => `${Number(value).toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%`}
            style={{ fontSize: 12, fill: "#3f3f46" }}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
