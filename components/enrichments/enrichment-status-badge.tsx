import { Badge } from "@/components/ui/badge";
import { isTerminalEnrichment, statusOf } from "@/lib/enrichments/labels";

export function EnrichmentStatusBadge({ status }: { status: string }) {
  const meta = statusOf(status);
  return (
    <Badge tone={meta.tone} dot pulse={!isTerminalEnrichment(status)} data-testid="enrichment-status" data-status={status}>
      {meta.label}
    </Badge>
  );
}
