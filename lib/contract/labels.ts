// The one set of pt-BR words for the codes the service emits (issue 20): modules, rules, statuses,
// decisions, relations, lawsuit areas, restrictive-list types, contact types and billed actions.
// The console, the PDF report and the AI summary all read them from here; test/unit/labels.test.ts
// fails when a code the service can emit has no label. Plain constants (no zod): the console's
// browser code imports this file.
import { RULES, ruleInfo } from "./rule-catalog";
import { pluralize } from "./format/number";

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

/**
 * The scoring and enrichment profiles of the catalog (server/tenancy/catalog.ts, GLOBAL_PROFILES)
 * by their names: a page shows "KYC pessoa física", not `prf_kyc_person`. The labels test keeps
 * this in step with the catalog. A workspace's own profile has its name from the API.
 */
export const PROFILE_LABELS: Readonly<Record<string, string>> = {
  prf_person_complete: "Pessoa física – completo",
  prf_person_registry: "Pessoa física – cadastral",
  prf_company_complete: "Pessoa jurídica – completo",
  prf_company_registry: "Pessoa jurídica – cadastral",
  prf_kyc_person: "KYC pessoa física",
  prf_kyb_company: "KYB pessoa jurídica",
};
/** A profile's name: the catalog's, else the name the API gave, else "Perfil próprio" (never the id). */
export function profileLabel(id: string | null | undefined, name?: string | null): string {
  if (!id) return "Fluxo padrão";
  return PROFILE_LABELS[id] ?? (name?.trim() || "Perfil próprio do workspace");
}

const DATASET_ENTITY_LABELS: Readonly<Record<string, string>> = { person: "pessoa física", company: "pessoa jurídica" };
/** A dataset id (`company-profile-2.0`) as its name: "Cadastro de pessoa jurídica, versão 2.0". */
export function datasetLabel(dataset: string | null | undefined): string {
  if (!dataset) return "Base não identificada";
  const m = /^(person|company)-([A-Za-z]+)-(\d+(?:\.\d+)*)$/.exec(dataset);
  // an id of another shape, or of a module without a name, is shown as it is
  if (!m || !Object.hasOwn(MODULE_LABELS, m[2]!)) return dataset;
  const [, entity, module, version] = m;
  return `${moduleLabel(module)} de ${DATASET_ENTITY_LABELS[entity!]}, versão ${version!}`;
}

/** Words kept in capitals by providerValue: documents, company sizes and types, taxes, units, states. */
const ACRONYMS = new Set([
  ..."R CPF CNPJ CNH RG CEP CNAE SM MEI ME EPP LTDA EIRELI SA SLU S/A PIS NIS PASEP BPC FGTS INSS IR IRPF IRPJ ICMS ISS IPTU IPVA SUS CLT PJ PF OAB CRM TJ TRF TRT TST STF STJ DF".split(
    " ",
  ),
  ..."AC AL AP AM BA CE ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO".split(" "),
]);

/** Proper names a provider publishes in capitals, kept as names: the tax regime "Simples Nacional". */
const PROPER_NAMES: readonly [RegExp, string][] = [[/\bsimples nacional\b/giu, "Simples Nacional"]];

/**
 * A value as a provider published it ("DE 1 A 3 SM", "DEMAIS", "baixado") in sentence case, with
 * its acronyms kept: "De 1 a 3 SM", "Demais", "Baixado". A value already in mixed case ("Lucro
 * Presumido", "Sociedade Empresária Limitada") is the provider's own writing and stays as it is.
 */
export function providerValue(value: string): string;
export function providerValue(value: string | null | undefined): string | null;
export function providerValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // a code (`name_and_masked_cpf`) is not a published value: it stays as it is, for its label to be found
  if (value.includes("_") && /^[\w.-]+$/.test(value)) return value;
  const letters = value.replace(/[^\p{L}]/gu, "");
  if (!letters) return value;
  const upper = letters === letters.toLocaleUpperCase("pt-BR");
  const lower = letters === letters.toLocaleLowerCase("pt-BR");
  if (!upper && !lower) return value;
  let first = true;
  const named = (text: string) => PROPER_NAMES.reduce((out, [pattern, name]) => out.replace(pattern, name), text);
  // words: runs of letters, with an inner "/" or "." kept for S/A, S.A.
  return named(
    value.replace(/\p{L}+(?:[/.]\p{L}+)*\.?/gu, (word) => {
      const bare = word.replace(/\.$/, "");
      const isFirst = first;
      first = false;
      if (upper && (ACRONYMS.has(bare.replace(/\./g, "")) || ACRONYMS.has(bare))) return word;
      const lowered = word.toLocaleLowerCase("pt-BR");
      return isFirst ? lowered.charAt(0).toLocaleUpperCase("pt-BR") + lowered.slice(1) : lowered;
    }),
  );
}

/** "1 sócio", "2 sócios", "1.000 processos" (lib/contract/format/number.ts, Intl plurals). */
export const countLabel = pluralize;
