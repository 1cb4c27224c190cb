// The words of the summary and the PDF report for the names the datasets and the engine use
// (rules, modules, relations, lawsuit areas): the one set of lib/contract/labels.ts, put in a
// sentence ("Titular falecido" -> "titular falecido") where the text runs on.
import {
  LAWSUIT_AREA_LABELS,
  inSentence,
  lawsuitAreaLabel,
  moduleLabel as contractModuleLabel,
  relationLabel,
  restrictiveListTypeLabel,
  ruleLabel as contractRuleLabel,
} from "../../lib/contract/labels";

export { LAWSUIT_AREA_LABELS };

/** In a sentence: "processos ativos como réu". */
export const ruleLabel = (rule: string) => inSentence(contractRuleLabel(rule));
/** A heading or a list item: "Restrições de crédito". */
export const moduleLabel = (module: string) => contractModuleLabel(module);
/** In a sentence: "mãe", "empresa de que é sócio(a)". */
export const roleLabel = (role: string | null) => (role ? inSentence(relationLabel(role)) : "vínculo");
/** In a sentence: "previdenciária". */
export const areaLabel = (area: string) => inSentence(lawsuitAreaLabel(area));
/** In a sentence: "fraude confirmada". */
export const listTypeLabel = (type: string) => inSentence(restrictiveListTypeLabel(type));
