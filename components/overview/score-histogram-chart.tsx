import type { VerificationStats } from "@/lib/contract/verification-stats";
import { pluralize } from "@/lib/contract/format/number";
import { ColumnChart } from "./column-chart";

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
  return (
    <ColumnChart
      height={200}
      columns={bins.map((bin) => ({
        key: String(bin.from),
        // the band's start: ten "100–199" labels do not fit a phone
        label: String(bin.from),
        title: `Score ${bin.from}–${bin.to}: ${pluralize(bin.count, "verificação", "verificações")}`,
        parts: [{ value: bin.count, colour: binColour(bin.from) }],
        href: hrefOf(bin),
      }))}
    />
  );
}
