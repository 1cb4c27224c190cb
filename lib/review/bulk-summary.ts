// What a bulk action of the queue did, in words (issue 28, item 10): "Atribuir: 3 casos
// concluídos" read as "3 cases finished processing"; now "3 casos atribuídos a Daniela Analista",
// "2 casos reprovados, 1 falhou".
import { pluralize } from "@/lib/contract/format/number";
import type { BulkView } from "@/lib/query/review-queries";
import { DECISION_ACTIONS, type Decision } from "@/lib/verifications/decisions";

/** Cases (masculine plural) after each decision. */
const DECIDED: Record<Decision, [string, string]> = {
  APPROVED: ["caso aprovado", "casos aprovados"],
  REPROVED: ["caso reprovado", "casos reprovados"],
  STANDBY: ["caso posto em espera", "casos postos em espera"],
  WAIVED: ["caso dispensado", "casos dispensados"],
};

/** A bulk action as the bar sends it; `to` names the assignee for the summary only. */
export type BulkBody =
  { action: "assign"; userId: string | null; to: string } | { action: "decide"; status: Decision; reasons: string[]; comment: string };

export function bulkSummary(body: BulkBody, result: BulkView): string {
  const proposed = result.results.filter((r) => r.proposed).length;
  const done = result.succeeded - proposed;
  const failed = result.results.filter((r) => !r.ok).length;
  const parts: string[] = [];
  if (body.action === "assign")
    parts.push(
      body.userId === null
        ? `${pluralize(done, "caso liberado", "casos liberados")} (sem responsável)`
        : `${pluralize(done, "caso atribuído", "casos atribuídos")} a ${body.to}`,
    );
  else {
    const [one, many] = DECIDED[body.status];
    if (done > 0 || proposed === 0) parts.push(pluralize(done, one, many));
    if (proposed > 0)
      parts.push(
        `${pluralize(proposed, "decisão proposta", "decisões propostas")} (${DECISION_ACTIONS[body.status].verb}), ${proposed === 1 ? "aguarda" : "aguardam"} 2ª revisão`,
      );
  }
  if (failed) parts.push(pluralize(failed, "falhou", "falharam"));
  return `${parts.join(", ")}.`;
}
