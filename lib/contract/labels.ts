// The one set of pt-BR words for the codes the service emits (issue 20): modules, rules, statuses,
// decisions, relations, lawsuit areas, restrictive-list types, contact types and billed actions.
// The console, the PDF report and the AI summary all read them from here; test/unit/labels.test.ts
// fails when a code the service can emit has no label. Plain constants (no zod): the console's
// browser code imports this file.
import { RULES, ruleInfo } from "./rule-catalog";

export { RULES, ruleInfo };

/** A code without a label, made readable ("a_b" -> "a b"); the labels test keeps this for unknown codes only. */
const readable = (code: string) => code.replace(/_/g, " ");

/** "Titular falecido" -> "titular falecido" (for a sentence); keeps acronyms (CNH, FGTS, IR). */
export function inSentence(label: string): string {
  return /^[A-ZÀ-Ú]{2,}\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** Dataset modules (spec 2.5a) and the verification's vision steps. */
export const MODULE_LABELS: Readonly<Record<string, string>> = {
  profile: "Cadastro",
  finance: "Finanças",
  financeAdvanced: "Restrições de crédito",
  lawsuits: "Processos",
  ownersLawsuits: "Processos dos sócios",
  related: "Relacionados",
  biometrics: "Base biométrica",
  faceRecognition: "Biometria",
  cnh: "CNH",
  archetypes: "Arquétipos",
};
export function moduleLabel(module: string | null | undefined): string {
  return module ? (MODULE_LABELS[module] ?? module) : "Módulo não identificado";
}

/**
 * A dataset's name from its id (`entity-module-version`, spec 2.5a): "company-profile-2.0" ->
 * "Cadastro de pessoa jurídica, versão 2.0". An id of another shape is shown as it is.
 */
export function datasetLabel(dataset: string): string {
  const match = /^(person|company)-([A-Za-z]+)-(\d+(?:\.\d+)*)$/.exec(dataset);
  if (!match || !Object.hasOwn(MODULE_LABELS, match[2]!)) return dataset;
  const entity = match[1] === "company" ? "pessoa jurídica" : "pessoa física";
  return `${MODULE_LABELS[match[2]!]} de ${entity}, versão ${match[3]}`;
}

/** Scoring rules: the title of lib/contract/rule-catalog.ts ("Titular falecido"). */
export const RULE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(RULES).map(([code, r]) => [code, r.title]));
export const ruleLabel = (rule: string) => RULE_LABELS[rule] ?? readable(rule);

/** v2 verification statuses. */
export const VERIFICATION_STATUS_LABELS: Readonly<Record<string, string>> = {
  CREATED: "Criada",
  PROCESSING: "Processando",
  CNH_EXTRACT: "Extraindo CNH",
  ANALYZING: "Analisando",
  COMPLETED: "Concluída",
  FAILED: "Falhou",
};
export const verificationStatusLabel = (status: string) => VERIFICATION_STATUS_LABELS[status] ?? status;

/** v2 feedback statuses: a decision on a verification (feminine: "a verificação"). */
export const DECISION_LABELS = {
  NOTSTARTED: "Sem decisão",
  APPROVED: "Aprovada",
  REPROVED: "Reprovada",
  STANDBY: "Em espera",
  WAIVED: "Dispensada",
} as const satisfies Record<string, string>;
export const decisionLabel = (decision: string) => (DECISION_LABELS as Record<string, string>)[decision] ?? decision;

/** v3 enrichment statuses. */
export const ENRICHMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  CREATED: "Recebido",
  FETCHING: "Coletando",
  COMPLETED: "Concluído",
  FAILED: "Falhou",
};

/** States of one module of a collection. */
export const MODULE_STATE_LABELS: Readonly<Record<string, string>> = {
  pending: "Pendente",
  retrying: "Nova tentativa",
  ok: "Concluído",
  failed: "Falhou",
};

export const LANE_LABELS: Readonly<Record<string, string>> = { interactive: "Unitária", batch: "Lote" };
export const OUTCOME_LABELS: Readonly<Record<string, string>> = { ok: "Titular encontrado", subject_not_found: "Titular não encontrado" };
export const ENTITY_LABELS: Readonly<Record<string, string>> = { person: "Pessoa física", company: "Pessoa jurídica" };
export const USER_ROLE_LABELS: Readonly<Record<string, string>> = {
  admin: "Administrador",
  analyst: "Analista",
  viewer: "Leitor",
  integration: "Integração",
};

/** Types of relation in the related module and the lawsuit network. */
export const RELATION_TYPE_LABELS: Readonly<Record<string, string>> = {
  kinship: "Parentesco",
  partnership: "Sociedade",
  employment: "Vínculo empregatício",
  representation: "Representação",
};

/** Roles of a related party, from the holder's point of view ("the holder's mother"). */
export const RELATION_LABELS: Readonly<Record<string, string>> = {
  mother: "Mãe",
  father: "Pai",
  spouse: "Cônjuge",
  sibling: "Irmão(ã)",
  child: "Filho(a)",
  parent: "Pai/Mãe",
  relative: "Parente",
  partner: "Sócio(a)",
  owner: "Sócio(a)",
  co_partner: "Sócio(a) em comum",
  former_partner: "Ex-sócio(a)",
  owned_company: "Empresa de que é sócio(a)",
  subsidiary: "Empresa controlada",
  employer: "Empregador",
  former_employer: "Ex-empregador",
  employee: "Funcionário(a)",
  representative: "Representante",
  legal_representative: "Representante legal",
  represented: "Representada",
  represented_company: "Empresa representada",
};
export const relationLabel = (role: string | null | undefined) => (role ? (RELATION_LABELS[role] ?? readable(role)) : "Vínculo");

/** Areas of a lawsuit. */
export const LAWSUIT_AREA_LABELS: Readonly<Record<string, string>> = {
  civil: "Cível",
  consumer: "Consumidor",
  labour: "Trabalhista",
  tax: "Tributária",
  criminal: "Criminal",
  social_security: "Previdenciária",
};
export const lawsuitAreaLabel = (area: string) => LAWSUIT_AREA_LABELS[area] ?? readable(area);

/** The holder's side in a lawsuit, and the parties' sides (active/passive pole). */
export const LAWSUIT_SIDE_LABELS: Readonly<Record<string, string>> = {
  defendant: "Réu",
  plaintiff: "Autor",
  active: "Polo ativo",
  passive: "Polo passivo",
  other: "Outra parte",
};

/** Justice segments of a court. */
export const JUSTICE_LABELS: Readonly<Record<string, string>> = { state: "Estadual", labour: "Trabalhista", federal: "Federal" };

/** `blacklisted.clientType` / `serviceType`: why a document is on a restrictive list. */
export const RESTRICTIVE_LIST_TYPE_LABELS: Readonly<Record<string, string>> = {
  workspace_restrictive_list: "Lista restritiva do workspace",
  confirmed_fraud: "Fraude confirmada",
};
export const restrictiveListTypeLabel = (type: string) => RESTRICTIVE_LIST_TYPE_LABELS[type] ?? readable(type);

/** Types of an address or a phone in the contacts. */
export const CONTACT_TYPE_LABELS: Readonly<Record<string, string>> = {
  residential: "Residencial",
  commercial: "Comercial",
  mobile: "Celular",
  landline: "Fixo",
};

/** How the Receita identifies a partner (company-profile 2.0 from the registry). */
export const PARTNER_IDENTIFICATION_LABELS: Readonly<Record<string, string>> = {
  cnpj: "CNPJ",
  name_and_masked_cpf: "Nome e CPF mascarado",
  foreign: "Estrangeiro",
};

/** Billed actions (GET /api/v3/usage, /usage). */
export const BILLING_ACTION_LABELS: Readonly<Record<string, string>> = {
  "enrichment.person": "Enriquecimento de pessoa",
  "enrichment.person.registry": "Enriquecimento cadastral de pessoa",
  "enrichment.company": "Enriquecimento de empresa",
  "addon.financeAdvanced": "Adicional: restrições de crédito",
  "verification.person": "Verificação de pessoa",
  "verification.company": "Verificação de empresa",
};
export const billingActionLabel = (action: string) => BILLING_ACTION_LABELS[action] ?? action;

/**
 * A value the datasets send as a code, in words: the enrichment page and the dossier show these
 * fields' values through it (entity, relation, role, area, side, contact type, list type).
 */
export const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  entity: { person: "Pessoa", company: "Empresa", public_body: "Órgão público" },
  relation: RELATION_TYPE_LABELS,
  role: RELATION_LABELS,
  area: LAWSUIT_AREA_LABELS,
  side: LAWSUIT_SIDE_LABELS,
  segment: JUSTICE_LABELS,
  type: { ...CONTACT_TYPE_LABELS, ...RESTRICTIVE_LIST_TYPE_LABELS },
  tipo: RESTRICTIVE_LIST_TYPE_LABELS,
  clientType: RESTRICTIVE_LIST_TYPE_LABELS,
  serviceType: RESTRICTIVE_LIST_TYPE_LABELS,
  identification: PARTNER_IDENTIFICATION_LABELS,
};
/** The words for a field's coded value, or null when the field or the value has none. */
export function valueLabel(field: string, value: unknown): string | null {
  return typeof value === "string" ? (VALUE_LABELS[field]?.[value] ?? null) : null;
}
