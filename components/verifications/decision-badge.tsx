import { Badge } from "@/components/ui/badge";
import type { Tone } from "@/lib/verifications/status";
import { DECISION_LABELS } from "@/lib/contract/labels";

const DECISIONS: Record<string, { label: string; tone: Tone }> = {
  APPROVED: { label: DECISION_LABELS.APPROVED, tone: "success" },
  REPROVED: { label: DECISION_LABELS.REPROVED, tone: "danger" },
  STANDBY: { label: DECISION_LABELS.STANDBY, tone: "warning" },
  WAIVED: { label: DECISION_LABELS.WAIVED, tone: "info" },
};

/** The latest decision of a verification, or "Sem decisão". */
export function DecisionBadge({ decision, testId = "decision-badge" }: { decision: string | null; testId?: string }) {
  const meta = decision ? DECISIONS[decision] : undefined;
  if (!meta) {
    return (
      <span data-testid={testId} data-decision="NOTSTARTED" className="text-xs text-zinc-600">
        Sem decisão
      </span>
    );
  }
  return (
    <Badge tone={meta.tone} data-testid={testId} data-status={decision ?? undefined}>
      {meta.label}
    </Badge>
  );
}
