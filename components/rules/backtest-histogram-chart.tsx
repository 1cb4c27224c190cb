"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatInteger } from "@/lib/contract/format/number";

// "Simular": the two versions' scores in bins of 50, side by side per bin (baseline grey, candidate brand).

export interface HistogramPair {
  from: number;
  to: number;
  baseline: number;
  candidate: number;
}

export default function BacktestHistogramChart({
  bins,
  baselineName,
  candidateName,
}: {
  bins: HistogramPair[];
  baselineName: string;
  candidateName: string;
}) {
  const data = bins.map((bin) => ({ ...bin, label: formatInteger(bin.from) }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barGap={1} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e4e4e7" />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 11, fill: "#52525b" }}
          interval="preserveStartEnd"
          minTickGap={8}
          tickLine={false}
          axisLine={{ stroke: "#d4d4d8" }}
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#52525b" }} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: "#f4f4f5" }}
          formatter={(value, name) => [formatInteger(Number(value)), name]}
          labelFormatter={(_, payload) => {
            const bin = payload?.[0]?.payload as HistogramPair | undefined;
            return bin ? `Score ${formatInteger(bin.from)}–${formatInteger(bin.to === 1000 ? 1000 : bin.to - 1)}` : "";
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="baseline" name={baselineName} fill="#a1a1aa" radius={[2, 2, 0, 0]} />
        <Bar dataKey="candidate" name={candidateName} fill="#4f46e5" radius={[2, 2, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
