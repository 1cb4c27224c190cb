// The decision history (feedbacks), newest first, with each author's e-mail: the latest
// REPORT_DECISIONS of them, and a count of the older ones.
import type { ReportData } from "../types";
import type { Writer } from "../layout";
import { formatDateTime, pluralize } from "../text";
import { decisionLabel } from "../../../../lib/contract/labels";

export function feedbackBlock(w: Writer, data: ReportData) {
  w.section("Histórico de decisões");
  if (data.feedbacks.length === 0) return w.note("Nenhuma decisão registrada para esta verificação.");
  w.table(
    ["Data", "Decisão", "Autor", "Motivos", "Comentário"],
    data.feedbacks.map((f) => [
      formatDateTime(f.createdAt),
      decisionLabel(f.status),
      f.authorEmail ?? "—",
      f.reasons.join(", ") || "—",
      f.comment ?? "—",
    ]),
    [0.16, 0.12, 0.3, 0.18, 0.24],
  );
  const older = data.feedbackTotal - data.feedbacks.length;
  if (older > 0) w.note(`E mais ${pluralize(older, "decisão anterior não listada", "decisões anteriores não listadas")}.`);
}
