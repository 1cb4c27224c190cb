// Every code the service can emit has its pt-BR words in the one set of lib/contract/labels.ts
// (issue 20, item 4): the closed sets of the contract, the scoring rules of the profiles, the
// vision steps and every sandbox dataset (all versions, every sandbox document), and the values the
// datasets send as codes (relations, roles, lawsuit areas and sides, contact and list types). A
// code added to the service without a label fails here instead of showing raw on a page, in the PDF
// or in the AI summary.
import { describe, expect, it } from "vitest";
import {
  BILLING_ACTION_LABELS,
  CONTACT_TYPE_LABELS,
  DECISION_LABELS,
  ENRICHMENT_STATUS_LABELS,
  ENTITY_LABELS,
  LANE_LABELS,
  LAWSUIT_AREA_LABELS,
  LAWSUIT_SIDE_LABELS,
  MODULE_LABELS,
  MODULE_STATE_LABELS,
  OUTCOME_LABELS,
  RELATION_LABELS,
  RELATION_TYPE_LABELS,
  RESTRICTIVE_LIST_TYPE_LABELS,
  RULE_LABELS,
  USER_ROLE_LABELS,
  VERIFICATION_STATUS_LABELS,
  inSentence,
  valueLabel,
} from "../../lib/contract/labels";
import {
  ENTITIES,
  FEEDBACK_STATUSES,
  LANES,
  MODULE_STATES,
  OUTCOMES,
  ROLES,
  V2_STATUSES,
  V3_STATUSES,
} from "../../lib/contract/enum-values";
import { SANDBOX_DOCUMENTS, sandboxDocumentFor } from "../../server/datasets/sandbox";
import { buildModuleData } from "../../server/datasets/sandbox/formats";
import { DATASET_VERSIONS, MODULE_NAMES, type Entity } from "../../server/datasets/types";
import { ALL_ACTIONS, GLOBAL_PROFILES } from "../../server/tenancy/catalog";
import { VISION_RULES } from "../../server/vision/rules";
import { LISTED_RULE, RELATED_LISTED_RULE } from "../../server/v2/blacklist/listing";
import { SERVICE_LIST_RULE } from "../../server/datasets/providers/service-sanctions";
import { CLIENT_LIST_TYPE } from "../../server/datasets/dossier/shared";
import { ruleLabel as aiRuleLabel, roleLabel as aiRoleLabel, areaLabel as aiAreaLabel } from "../../server/ai/labels";

const missing = (codes: Iterable<string>, labels: Readonly<Record<string, string>>) =>
  [...new Set(codes)].filter((code) => !Object.hasOwn(labels, code)).sort();

/** Everything the sandbox datasets answer: every version of every module, for every sandbox document and a large network. */
function everyAnswer(): Array<Record<string, unknown>> {
  const answers: Array<Record<string, unknown>> = [];
  for (const entity of ENTITIES as readonly Entity[]) {
    const documents = new Set(SANDBOX_DOCUMENTS.filter((d) => d.entity === entity).map((d) => d.document));
    documents.add(sandboxDocumentFor("large_network", entity)!.document);
    for (const module of MODULE_NAMES)
      for (const version of DATASET_VERSIONS[module][entity])
        for (const document of documents) {
          // the data itself, without the sandbox's simulated delays and failures
          const data = buildModuleData(entity, module, version, document);
          if (data) answers.push(data as unknown as Record<string, unknown>);
        }
  }
  return answers;
}

/** Values of the given keys anywhere in the data, with the key path's last container name. */
function valuesOf(value: unknown, keys: Set<string>, into: Map<string, Set<string>>, parent = ""): void {
  if (Array.isArray(value)) for (const v of value) valuesOf(v, keys, into, parent);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      // a lawsuit party's procedural role is the court's own word (autor, réu), shown as it is
      const key = k === "type" || k === "tipo" ? `${parent}.${k}` : k === "role" && parent === "parties" ? "parties.role" : k;
      if (keys.has(key) && typeof v === "string" && v !== "") into.set(key, (into.get(key) ?? new Set()).add(v));
      valuesOf(v, keys, into, k);
    }
}

describe("the one set of labels (lib/contract/labels.ts)", () => {
  it("names every closed set of the contract", () => {
    expect(missing(V2_STATUSES, VERIFICATION_STATUS_LABELS)).toEqual([]);
    expect(missing(FEEDBACK_STATUSES, DECISION_LABELS)).toEqual([]);
    expect(missing(V3_STATUSES, ENRICHMENT_STATUS_LABELS)).toEqual([]);
    expect(missing(MODULE_STATES, MODULE_STATE_LABELS)).toEqual([]);
    expect(missing(LANES, LANE_LABELS)).toEqual([]);
    expect(missing(OUTCOMES, OUTCOME_LABELS)).toEqual([]);
    expect(missing(ENTITIES, ENTITY_LABELS)).toEqual([]);
    expect(missing(ROLES, USER_ROLE_LABELS)).toEqual([]);
    expect(missing(MODULE_NAMES, MODULE_LABELS)).toEqual([]);
    expect(missing(ALL_ACTIONS, BILLING_ACTION_LABELS)).toEqual([]);
  });

  it("names every rule and module a profile scores, and the restrictive-list and vision rules", () => {
    const scored = GLOBAL_PROFILES.flatMap((p) => p.rules ?? []);
    expect(scored.length).toBeGreaterThan(10);
    expect(missing([...scored.map((r) => r.rule), ...VISION_RULES.map((r) => r.rule)], RULE_LABELS)).toEqual([]);
    expect(missing([...scored.map((r) => r.module), ...VISION_RULES.map((r) => r.module)], MODULE_LABELS)).toEqual([]);
    expect(missing([LISTED_RULE, RELATED_LISTED_RULE, SERVICE_LIST_RULE], RULE_LABELS)).toEqual([]);
  });

  it("names every rule, relation, role, lawsuit area and side, contact type and list type the sandbox datasets emit", () => {
    const answers = everyAnswer();
    expect(answers.length).toBeGreaterThan(50);
    const rules = answers.flatMap((a) => (a.rules as Array<{ rule: string }>).map((r) => r.rule));
    expect(rules.length).toBeGreaterThan(20);
    expect(missing(rules, RULE_LABELS)).toEqual([]);

    const found = new Map<string, Set<string>>();
    const keys = new Set([
      "role",
      "relation",
      "area",
      "side",
      "clientType",
      "serviceType",
      "addresses.type",
      "phones.type",
      "service.type",
      "listaRestritiva.tipo",
      "entity",
    ]);
    for (const a of answers) valuesOf(a, keys, found);
    const of = (key: string) => [...(found.get(key) ?? [])];
    expect(of("role").length).toBeGreaterThan(5);
    expect(missing(of("role"), RELATION_LABELS)).toEqual([]);
    expect(missing(of("relation"), RELATION_TYPE_LABELS)).toEqual([]);
    expect(of("area")).toContain("social_security");
    expect(missing(of("area"), LAWSUIT_AREA_LABELS)).toEqual([]);
    expect(missing(of("side"), LAWSUIT_SIDE_LABELS)).toEqual([]);
    expect(missing([...of("addresses.type"), ...of("phones.type")], CONTACT_TYPE_LABELS)).toEqual([]);
    // the service's list: restrictiveLists.service.type (2.0), listaRestritiva.tipo (1.0); the dossier's serviceType
    const listTypes = [...of("service.type"), ...of("listaRestritiva.tipo"), ...of("clientType"), ...of("serviceType"), CLIENT_LIST_TYPE];
    expect(listTypes).toContain("confirmed_fraud");
    expect(missing(listTypes, RESTRICTIVE_LIST_TYPE_LABELS)).toEqual([]);
    for (const type of of("listaRestritiva.tipo")) expect(valueLabel("tipo", type), type).not.toBeNull();
    for (const type of of("service.type")) expect(valueLabel("type", type), type).not.toBeNull();
    for (const entity of of("entity")) expect(valueLabel("entity", entity), entity).not.toBeNull();
  });

  it("gives the issue's raw values their words", () => {
    expect(LAWSUIT_AREA_LABELS.social_security).toBe("Previdenciária");
    expect(valueLabel("serviceType", "confirmed_fraud")).toBe("Fraude confirmada");
    expect(valueLabel("clientType", "workspace_restrictive_list")).toBe("Lista restritiva do workspace");
    expect(BILLING_ACTION_LABELS["enrichment.company"]).toBe("Enriquecimento de empresa");
    expect(valueLabel("entity", "company")).toBe("Empresa");
    expect(valueLabel("role", "partner")).toBe("Sócio(a)");
    expect(valueLabel("role", "employee")).toBe("Funcionário(a)");
    expect(valueLabel("phones.type".split(".")[1]!, "landline")).toBe("Fixo");
    expect(valueLabel("type", "commercial")).toBe("Comercial");
    expect(DECISION_LABELS.APPROVED).toBe("Aprovada");
    expect(VERIFICATION_STATUS_LABELS.COMPLETED).toBe("Concluída");
  });

  it("puts the same words in the AI summary's sentences, the workspace list's rule included", () => {
    expect(aiRuleLabel("related_on_workspace_restrictive_list")).toBe("relacionado na lista restritiva do workspace");
    expect(aiRuleLabel("has_active_lawsuits_as_defendant")).toBe("processos ativos como réu");
    expect(aiRuleLabel("cnh_expired")).toBe("CNH vencida");
    expect(aiRoleLabel("mother")).toBe("mãe");
    expect(aiAreaLabel("social_security")).toBe("previdenciária");
    expect(inSentence("FGTS irregular")).toBe("FGTS irregular");
  });
});
