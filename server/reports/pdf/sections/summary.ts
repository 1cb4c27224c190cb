// The stored AI summary (verdict, risk, paragraph, highlights, model), or a line saying none was
// made. Text an external model wrote is labelled as such above it.
import type { AiSummary } from "../../../ai/types";
import { RISK_LABELS, VERDICT_LABELS } from "../../../ai/builtin";
import { C, PAGE, RISK_COLOR, type Writer } from "../layout";
import { formatDateTime, winAnsi } from "../text";
import { generatedTextLabel } from "../../../../lib/contract/ai-text-label";

export function summaryBlock(w: Writer, s: AiSummary | null) {
  w.section("Resumo da IA");
  if (!s) return w.note("Nenhum resumo da IA foi gerado para esta verificação.");
  const d = w.doc;
  w.ensure(40);
  const y = d.y;
  const color = RISK_COLOR[s.riskLevel];
  d.roundedRect(PAGE.margin, y, 200, 20, 4).fill(color);
  d.fillColor("#ffffff")
    .font("Helvetica-Bold")
    .fontSize(9)
    .text(winAnsi(`Recomendação: ${VERDICT_LABELS[s.verdict]} · risco ${RISK_LABELS[s.riskLevel]}`), PAGE.margin, y + 6, {
      width: 200,
      align: "center",
    });
  d.y = y + 28;
  const label = generatedTextLabel(s);
  if (label) w.paragraph(label, { font: "Helvetica-Bold", size: 8.5, color: C.medium });
  w.paragraph(s.summary);
  if (s.highlights.length) {
    w.subheading("Pontos de atenção");
    w.bullets(s.highlights);
  }
  w.note(
    `Modelo: ${s.model}${s.fallback ? ` (modelo externo não usado: ${s.fallback})` : ""}. Gerado em ${formatDateTime(s.generatedAt)}.`,
  );
}
