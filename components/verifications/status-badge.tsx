import { Badge } from "@/components/ui/badge";
import { isTerminalStatus, statusMeta } from "@/lib/verifications/status";

export function StatusBadge({ status, testId = "status-badge" }: { status: string; testId?: string }) {
  const meta = statusMeta(status);
  return (
    <Badge tone={meta.tone} dot pulse={!isTerminalStatus(status)} data-testid={testId} data-status={status}>
      {meta.label}
    </Badge>
  );
}
