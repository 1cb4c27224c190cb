// The rules that fired: pt-BR label and code.
import { ruleLabel } from "../../../ai/labels";
import { readResult } from "../../../../lib/contract/dossier-read";
import type { ReportData } from "../types";
import type { Writer } from "../layout";

export function rulesBlock(w: Writer, data: ReportData) {
  w.section("Regras acionadas");
  const rules = readResult(data.verification.result).rules;
  if (rules.length === 0) return w.note("Nenhuma regra acionada.");
  w.table(
    ["Regra", "Código"],
    rules.map((r) => [ruleLabel(r), r]),
    [0.6, 0.4],
  );
}
