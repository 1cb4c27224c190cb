"use client";

import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { VerificationStats } from "@/lib/contract/verification-stats";
import { formatInteger } from "@/lib/contract/format/number";

// Scores of the range in bins of 100; a bar opens the list of its verifications. Colours follow
// the score bands (below 400 high risk, below 700 medium).

function binColour(from: number): string {
  if (from < 400) return "#e11d48";
  if (from < 700) return "#d97706";
  return "#059669";
}

export default function ScoreHistogramChart({
  bins,
  hrefOf,
}: {
  bins: VerificationStats["scoreHistogram"];
  hrefOf: (bin: { from: number; to: number }) => string;
}) {
  const router = useRouter();
  const data = bins.map((bin) => ({ ...bin, label: `${formatInteger(bin.from)}–${formatInteger(bin.to)}` }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e4e4e7" />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 11, fill: "#52525b" }}
          // a phone cannot fit ten "100–199" labels: recharts then skips some instead of overlapping them
          interval="preserveStartEnd"
          minTickGap={6}
          tickLine={false}
          axisLine={{ stroke: "#d4d4d8" }}
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#52525b" }} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: "#f4f4f5" }}
          formatter={(value) => [formatInteger(Number(value)), "Verificações"]}
          labelFormatter={(label) => `Score ${label}`}
        />
        <Bar
          dataKey="count"
          radius={[3, 3, 0, 0]}
          cursor="pointer"
          onClick={(entry) => router.push(hrefOf(entry as unknown as { from: number; to: number }))}
        >
          {data.map((bin) => (
            <Cell key={bin.from} fill={binColour(bin.from)} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
