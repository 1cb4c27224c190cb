// The rules that fired: the rule's pt-BR title and the module whose data it reads (the code stays
// out of the report, which goes to people: issue 29).
import { moduleLabel, ruleInfo, ruleLabel } from "../../../../lib/contract/labels";
import { readResult } from "../../../../lib/contract/dossier-read";
import type { ReportData } from "../types";
import type { Writer } from "../layout";

export function rulesBlock(w: Writer, data: ReportData) {
  w.section("Regras acionadas");
  const rules = readResult(data.verification.result).rules;
  if (rules.length === 0) return w.note("Nenhuma regra acionada.");
  w.table(
    ["Regra", "Módulo"],
    rules.map((r) => {
      const module = ruleInfo(r).module;
      return [ruleLabel(r), module ? moduleLabel(module) : "—"];
    }),
    [0.6, 0.4],
  );
}
