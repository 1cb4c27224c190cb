"use client";

import { useRouter } from "next/navigation";
import { ColumnChart } from "@/components/charts/column-chart";
import type { VerificationStats } from "@/lib/contract/verification-stats";

// Scores of the range in bins of 100; a bar opens the list of its verifications. Colours follow
// the score bands (below 400 high risk, below 700 medium).

function binColour(from: number): string {
  if (from < 400) return "#e11d48";
  if (from < 700) return "#d97706";
  return "#059669";
}

export function ScoreHistogramChart({
  bins,
  hrefOf,
}: {
  bins: VerificationStats["scoreHistogram"];
  hrefOf: (bin: { from: number; to: number }) => string;
}) {
  const router = useRouter();
  return (
    <ColumnChart
      testId="histogram-chart"
      height={220}
      columns={bins.map((bin) => ({
        key: String(bin.from),
        label: `${bin.from}–${bin.to}`,
        title: `Score ${bin.from}–${bin.to}`,
        segments: [{ name: "Verificações", value: bin.count, colour: binColour(bin.from) }],
        onClick: () => router.push(hrefOf(bin)),
      }))}
    />
  );
}
