// The rule catalog and the module labels live in lib/contract (rule-catalog.ts, labels.ts: one set
// for the console, the PDF and the AI summary); this module keeps the case page's imports.
export { RULES, ruleInfo, type RuleInfo } from "@/lib/contract/rule-catalog";
export { MODULE_LABELS, moduleLabel } from "@/lib/contract/labels";
