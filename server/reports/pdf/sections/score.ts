// The score with its band, and the score's deduction by module drawn as bars.
import { bandOf } from "../../../ai/bands";
import { moduleLabel } from "../../../ai/labels";
import { readResult } from "../../../../lib/contract/dossier-read";
import type { ReportData } from "../types";
import { C, CONTENT_W, PAGE, RISK_COLOR, type Writer } from "../layout";
import { formatInteger, winAnsi } from "../text";

export function scoreBlock(w: Writer, data: ReportData) {
  const d = w.doc;
  const v = data.verification;
  w.section("Pontuação");
  if (v.score === null) {
    w.note(v.status === "FAILED" ? "A verificação falhou: não há pontuação." : "A pontuação sai quando a verificação termina.");
    return;
  }
  const band = bandOf(v.score);
  const color = band ? RISK_COLOR[band.riskLevel] : C.ink;
  w.ensure(110);
  const top = d.y;
  d.roundedRect(PAGE.margin, top, 150, 92, 6).fill(C.soft);
  d.fillColor(color)
    .font("Helvetica-Bold")
    .fontSize(32)
    .text(formatInteger(v.score), PAGE.margin, top + 12, { width: 150, align: "center" });
  d.fillColor(C.muted)
    .font("Helvetica")
    .fontSize(8.5)
    .text("de 1.000 pontos", PAGE.margin, top + 50, { width: 150, align: "center" });
  if (band)
    d.fillColor(color)
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(winAnsi(`Faixa: ${band.name}`), PAGE.margin, top + 66, { width: 150, align: "center" });
  // distribution bars
  const result = readResult(v.result);
  const dist = result.scoreDistribution.map((e) => ({ module: e.module ?? "?", percent: e.percent ?? 0 }));
  const x0 = PAGE.margin + 170;
  const barW = CONTENT_W - 170 - 150;
  d.fillColor(C.ink).font("Helvetica-Bold").fontSize(9).text(winAnsi("Distribuição da dedução por módulo"), x0, top);
  if (dist.length === 0) {
    d.fillColor(C.muted)
      .font("Helvetica")
      .fontSize(8.5)
      .text(winAnsi("Nenhuma regra reduziu a pontuação."), x0, top + 16);
  }
  dist.slice(0, 6).forEach((e, i) => {
    const y = top + 16 + i * 13;
    d.fillColor(C.ink)
      .font("Helvetica")
      .fontSize(8)
      .text(winAnsi(moduleLabel(e.module)), x0, y + 1, { width: 140, lineBreak: false, ellipsis: true });
    d.rect(x0 + 142, y, barW, 9).fill(C.soft);
    d.rect(x0 + 142, y, Math.max(1, (barW * Math.min(100, e.percent)) / 100), 9).fill(C.bar);
    d.fillColor(C.ink)
      .fontSize(8)
      .text(winAnsi(`${formatInteger(e.percent)}%`), x0 + 146 + barW, y + 1, { width: 40 });
  });
  const factor = result.scoreFactor;
  d.fillColor(C.muted)
    .font("Helvetica")
    .fontSize(7.5)
    .text(
      winAnsi(
        `Faixas: 700 a 1.000 baixo risco · 400 a 699 médio risco · 0 a 399 alto risco.${factor !== null ? ` Dedução total: ${formatInteger(factor)} pontos.` : ""}`,
      ),
      x0,
      top + 96 - 14,
      { width: CONTENT_W - 170 },
    );
  d.y = top + 100;
  d.x = PAGE.margin;
}
