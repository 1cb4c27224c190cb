// The rules that fired: pt-BR label and code.
import { ruleLabel } from "../../../ai/labels";
import { arr, obj } from "../../../ai/facts";
import type { ReportData } from "../types";
import type { Writer } from "../layout";

export function rulesBlock(w: Writer, data: ReportData) {
  w.section("Regras acionadas");
  const rules = arr(obj(data.verification.result).rules).filter((r): r is string => typeof r === "string");
  if (rules.length === 0) return w.note("Nenhuma regra acionada.");
  w.table(
    ["Regra", "Código"],
    rules.map((r) => [ruleLabel(r), r]),
    [0.6, 0.4],
  );
}
