import { Badge } from "@/components/ui/badge";
import { formatInteger } from "@/lib/contract/format/number";
import { scoreBand } from "@/lib/verifications/status";

/** Score 0–1000 (higher is more trustworthy), coloured by risk band. */
export function ScoreBadge({ score, testId = "score-badge" }: { score: number | null; testId?: string }) {
  if (score === null) {
    return (
      <span data-testid={testId} className="text-zinc-500" title="Sem score">
        —
      </span>
    );
  }
  const band = scoreBand(score);
  return (
    <Badge tone={band.tone} data-testid={testId} title={band.label} className="tabular min-w-12 justify-center font-semibold">
      <span className="sr-only">Score </span>
      {formatInteger(score)}
    </Badge>
  );
}
