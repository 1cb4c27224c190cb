// Related persons and companies: totals, indicators, the table, then the network drawing.
import { relationLabel } from "../../../../lib/contract/labels";
import { dossierFacts, isObj, obj } from "../../../ai/facts";
import type { ReportData } from "../types";
import type { Writer } from "../layout";
import { reportNetwork } from "../network";
import { cell, formatInteger, label, maskedDocument, pluralize } from "../text";
import { networkDrawing } from "./network";

export function relatedBlock(w: Writer, data: ReportData, block: unknown) {
  if (block === undefined) return;
  w.section("Relacionados");
  if (!isObj(block)) return w.note("Módulo sem dados.");
  const net = reportNetwork({ ...data.verification }, 1000);
  const totals = obj(block.totals);
  if (Object.keys(totals).length)
    w.pairs(
      Object.entries(totals).map(([k, v]) => [
        (
          {
            total: "Total",
            persons: "Pessoas",
            companies: "Empresas",
            personal: "Parentesco",
            ownerships: "Sociedades",
            employments: "Empregos",
            representations: "Representações",
          } as Record<string, string>
        )[k] ?? label(k),
        cell("n", v),
      ]),
    );
  const indicators = obj(block.indicators);
  if (Object.keys(indicators).length) {
    const NAMES: Record<string, string> = {
      relatedWithLawsuits: "Com processos",
      deceasedBusinessRelations: "Relações com falecidos",
      relatedOnServiceRestrictiveList: "Em lista restritiva do serviço",
      inactiveCompanies: "Empresas inativas",
    };
    w.pairs(Object.entries(indicators).map(([k, v]) => [NAMES[k] ?? label(k), cell(k, v)]));
  }
  const parties = dossierFacts({ ...data.verification, score: null }).related.parties;
  if (parties.length) {
    w.table(
      ["Nome", "Documento", "Vínculo", "Situação", "Processos"],
      parties
        .slice(0, 80)
        .map((p) => [
          p.name ?? "—",
          maskedDocument(p.document),
          relationLabel(p.role),
          p.registryStatus ?? "—",
          p.lawsuitsTotal === null ? "—" : formatInteger(p.lawsuitsTotal),
        ]),
      [0.34, 0.2, 0.2, 0.16, 0.1],
    );
    if (parties.length > 80) w.note(`E mais ${pluralize(parties.length - 80, "relacionado não listado", "relacionados não listados")}.`);
  }
  if (net) networkDrawing(w, reportNetwork({ ...data.verification })!);
}
