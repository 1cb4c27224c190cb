// "Página N de M" and the verification id on every page, written once every page exists.
import type { ReportData } from "../types";
import { C, CONTENT_W, PAGE, type Doc } from "../layout";
import { formatDateTime, winAnsi } from "../text";

export function footer(doc: Doc, data: ReportData) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 10;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.margin + CONTENT_W, y - 6)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    doc.fillColor(C.muted).font("Helvetica").fontSize(7.5);
    doc.text(
      winAnsi(`Lupa · Verificação ${data.verification.id} · Gerado em ${formatDateTime(data.generatedAt)} (horário de Brasília)`),
      PAGE.margin,
      y,
      { width: CONTENT_W - 70, height: 10, lineBreak: false, ellipsis: true },
    );
    doc.text(winAnsi(`Página ${i - range.start + 1} de ${range.count}`), PAGE.margin, y, {
      width: CONTENT_W,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
