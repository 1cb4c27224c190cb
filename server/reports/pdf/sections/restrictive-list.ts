// The restrictive-list status: the workspace's list now, what the dossier recorded at completion,
// and the service's own list.
import type { ReportData } from "../types";
import { C, type Writer } from "../layout";
import { formatDateTime } from "../text";

export function restrictiveBlock(w: Writer, data: ReportData) {
  w.section("Lista restritiva");
  const r = data.restrictiveList;
  w.paragraph(
    r.listed ? "O documento consta na lista restritiva do workspace." : "O documento não consta na lista restritiva do workspace.",
    { font: "Helvetica-Bold", color: r.listed ? C.high : C.ink },
  );
  if (r.reason) w.paragraph(`Motivo: ${r.reason}`);
  const dates = [
    r.since ? `Incluído em ${formatDateTime(r.since)}` : null,
    r.expiresAt ? `expira em ${formatDateTime(r.expiresAt)}` : null,
  ].filter(Boolean);
  if (dates.length) w.paragraph(`${dates.join(", ")}.`);
  const rows: [string, string][] = [];
  if (r.listedAtCompletion !== undefined) rows.push(["Ao concluir", r.listedAtCompletion ? "Constava" : "Não constava"]);
  if (r.serviceListed !== undefined) rows.push(["Lista do serviço", r.serviceListed ? "Consta" : "Não consta"]);
  if (rows.length) w.pairs(rows);
  w.note(
    r.source === "workspace_list"
      ? `Situação da lista restritiva do workspace em ${formatDateTime(data.generatedAt)}.`
      : "Situação registrada no dossiê quando a verificação foi concluída.",
  );
}
