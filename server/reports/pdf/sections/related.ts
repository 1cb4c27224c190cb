// Related persons and companies: totals, indicators, the table, then the network drawing, from the
// dossier's typed view (lib/contract/dossier-read.ts).
import { relationLabel } from "../../../../lib/contract/labels";
import type { DossierRelated } from "../../../../lib/contract/dossier-read";
import { dossierFacts } from "../../../ai/facts";
import type { ReportData } from "../types";
import type { Writer } from "../layout";
import { reportNetwork } from "../network";
import { cell, formatInteger, label, maskedDocument, pluralize } from "../text";
import { networkDrawing } from "./network";

/** `ran`: the module is in the dossier; `block`: its typed view, null when it had no data. */
/** What the block reads from the dossier, worked out once per report (Writer.keep draws the block twice). */
const prepared = new WeakMap<
  ReportData,
  { net: ReturnType<typeof reportNetwork>; parties: ReturnType<typeof dossierFacts>["related"]["parties"] }
>();
function prepare(data: ReportData) {
  let p = prepared.get(data);
  if (!p) {
    p = {
      net: reportNetwork({ ...data.verification }),
      parties: dossierFacts({ ...data.verification, score: null }).related.parties,
    };
    prepared.set(data, p);
  }
  return p;
}

export function relatedBlock(w: Writer, data: ReportData, ran: boolean, block: DossierRelated | null) {
  if (!ran) return;
  w.section("Relacionados");
  if (!block) return w.note("Módulo sem dados.");
  const { net, parties } = prepare(data);
  if (block.totals.length)
    w.pairs(
      block.totals.map(({ key: k, value: v }) => [
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
  if (block.indicators.length) {
    const NAMES: Record<string, string> = {
      relatedWithLawsuits: "Com processos",
      deceasedBusinessRelations: "Relações com falecidos",
      relatedOnServiceRestrictiveList: "Em lista restritiva do serviço",
      inactiveCompanies: "Empresas inativas",
    };
    w.pairs(block.indicators.map((i) => [NAMES[i.key] ?? label(i.key), cell(i.key, { risky: i.risky, value: i.value })]));
  }
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
  if (net) networkDrawing(w, net);
}
