// pt-BR wording of the names the datasets and the engine use (rules, modules, relations), shared
// by the summary and the PDF report. A name without a label is shown readable ("a_b" -> "a b").
export const RULE_LABELS: Record<string, string> = {
  subject_not_found: "titular não encontrado",
  deceased_holder: "titular falecido",
  irregular_fiscal_status: "situação cadastral irregular",
  listed_on_service_restrictive_list: "consta na lista restritiva do serviço",
  listed_on_client_restrictive_list: "consta na lista restritiva do cliente",
  listed_on_workspace_restrictive_list: "consta na lista restritiva do cliente",
  mother_name_not_informed: "nome da mãe não informado",
  company_inactive: "empresa inativa",
  recently_opened_company: "empresa aberta recentemente",
  has_deceased_partner: "sócio falecido",
  has_criminal_lawsuit: "processo criminal",
  has_active_lawsuits_as_defendant: "processos ativos como réu",
  has_labour_lawsuits_as_defendant: "processos trabalhistas como réu",
  has_tax_enforcement: "execução fiscal",
  has_lawsuits: "possui processos",
  income_below_minimum_wage: "renda abaixo do salário mínimo",
  no_recent_tax_return: "sem declaração de imposto de renda recente",
  beneficiary_of_assistance_program: "beneficiário de programa assistencial",
  has_collections: "cobranças registradas",
  has_negative_credit_records: "negativações de crédito",
  has_protests: "protestos",
  high_negative_amount: "valor negativado elevado",
  has_active_tax_debt: "dívida ativa",
  fgts_irregular: "FGTS irregular",
  owner_has_lawsuits: "sócio com processos",
  owner_has_active_lawsuits_as_defendant: "sócio com processos ativos como réu",
  owner_has_criminal_lawsuit: "sócio com processo criminal",
  large_related_network: "rede de relacionados extensa",
  has_many_related_with_lawsuits: "muitos relacionados com processos",
  has_deceased_business_relation: "relação empresarial com pessoa falecida",
  has_inactive_related_company: "empresa relacionada inativa",
  has_related_on_service_restrictive_list: "relacionado em lista restritiva do serviço",
  related_on_service_restrictive_list: "relacionado em lista restritiva do serviço",
};

export const MODULE_LABELS: Record<string, string> = {
  profile: "Cadastro",
  finance: "Financeiro",
  financeAdvanced: "Crédito (negativações e protestos)",
  lawsuits: "Processos",
  ownersLawsuits: "Processos dos sócios",
  related: "Relacionados",
  archetypes: "Arquétipos",
  cnh: "CNH",
  faceRecognition: "Biometria facial",
  biometrics: "Biometria facial",
};

export const ROLE_LABELS: Record<string, string> = {
  spouse: "cônjuge",
  sibling: "irmão(ã)",
  child: "filho(a)",
  parent: "pai/mãe",
  mother: "mãe",
  father: "pai",
  owned_company: "empresa (sócio)",
  co_partner: "sócio em comum",
  partner: "sócio",
  subsidiary: "participação",
  employer: "empregador",
  former_employer: "ex-empregador",
  represented_company: "empresa representada",
  representative: "representante",
  legal_representative: "representante legal",
  employee: "empregado",
};

export const AREA_LABELS: Record<string, string> = {
  civil: "cível",
  consumer: "consumidor",
  labour: "trabalhista",
  tax: "tributária",
  criminal: "criminal",
  social_security: "previdenciária",
};

const readable = (name: string) => name.replace(/_/g, " ");
export const ruleLabel = (rule: string) => RULE_LABELS[rule] ?? readable(rule);
export const moduleLabel = (module: string) => MODULE_LABELS[module] ?? module;
export const roleLabel = (role: string | null) => (role ? (ROLE_LABELS[role] ?? readable(role)) : "vínculo");
