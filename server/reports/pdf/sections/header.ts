// The header band (workspace, generation time) and the holder: name, masked document, status,
// verification id, profile, creation time.
import type { ReportData } from "../types";
import { C, CONTENT_W, PAGE, type Writer } from "../layout";
import { formatDateTime, maskedDocument, winAnsi } from "../text";
import { ENTITY_LABELS, verificationStatusLabel } from "../../../../lib/contract/labels";

export function header(w: Writer, data: ReportData) {
  const d = w.doc;
  const v = data.verification;
  d.rect(0, 0, PAGE.width, 74).fill(C.brand);
  d.fillColor("#ffffff").font("Helvetica-Bold").fontSize(17).text("Lupa", PAGE.margin, 22);
  d.font("Helvetica").fontSize(10).text(winAnsi("Relatório de verificação"), PAGE.margin, 44);
  d.font("Helvetica-Bold").fontSize(10).text(winAnsi(data.workspaceName), PAGE.margin, 22, { width: CONTENT_W, align: "right" });
  d.font("Helvetica")
    .fontSize(8.5)
    .fillColor("#cbd5e1")
    .text(winAnsi(`Gerado em ${formatDateTime(data.generatedAt)} (horário de Brasília)`), PAGE.margin, 44, {
      width: CONTENT_W,
      align: "right",
    });
  d.y = 94;
  const kind = v.entity === "company" ? "CNPJ" : "CPF";
  d.fillColor(C.ink)
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(winAnsi(v.name ?? "Titular não identificado"), PAGE.margin, d.y, { width: CONTENT_W });
  d.fillColor(C.muted)
    .font("Helvetica")
    .fontSize(10)
    .text(winAnsi(`${kind} ${maskedDocument(v.nationalId)}   ·   ${ENTITY_LABELS[v.entity] ?? v.entity}`), PAGE.margin, d.y + 2);
  d.moveDown(0.6);
  w.pairs([
    ["Status", verificationStatusLabel(v.status)],
    ["Verificação", v.id],
    // the profile's name; its id is a code, for machines (issue 29)
    ["Perfil", v.profileName ?? (v.profileId ? "Perfil não encontrado" : "Fluxo legado")],
    ["Criada em", formatDateTime(v.createdAt)],
    ...(v.failureReason ? [["Motivo da falha", v.failureReason] as [string, string]] : []),
  ]);
}
