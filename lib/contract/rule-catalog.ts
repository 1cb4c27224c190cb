// What each scoring rule means (lib/contract/labels.ts takes each rule's label from its title) and where it comes from (module and the data it reads), for the
// case page. A rule missing here is shown by its code with its module only.

export interface RuleInfo {
  title: string;
  meaning: string;
  /** The data of the module the rule reads. */
  source: string;
}

export const RULES: Record<string, RuleInfo & { module: string }> = {
  subject_not_found: {
    module: "profile",
    title: "Titular não encontrado",
    meaning: "Nenhum cadastro foi encontrado para o documento; o score é zero.",
    source: "consulta cadastral do documento",
  },
  deceased_holder: {
    module: "profile",
    title: "Titular falecido",
    meaning: "O CPF consta como de titular falecido ou há registro de óbito.",
    source: "situação do CPF e registro de óbito",
  },
  irregular_fiscal_status: {
    module: "profile",
    title: "Situação cadastral irregular",
    meaning: "O CPF não está regular na Receita (suspenso, pendente ou cancelado).",
    source: "situação cadastral do CPF",
  },
  listed_on_service_restrictive_list: {
    module: "profile",
    title: "Na lista restritiva do serviço",
    meaning: "O documento está na lista restritiva mantida pelo provedor de dados.",
    source: "indicador blacklisted do cadastro",
  },
  mother_name_not_informed: {
    module: "profile",
    title: "Nome da mãe não informado",
    meaning: "O cadastro não traz o nome da mãe, o que dificulta confirmar a identidade.",
    source: "nome da mãe no cadastro",
  },
  company_inactive: {
    module: "profile",
    title: "Empresa inativa",
    meaning: "A situação cadastral da empresa não é Ativa (baixada, inapta ou suspensa).",
    source: "situação cadastral do CNPJ",
  },
  recently_opened_company: {
    module: "profile",
    title: "Empresa aberta recentemente",
    meaning: "A empresa foi aberta há pouco tempo, com pouco histórico para avaliar.",
    source: "data de abertura do CNPJ",
  },
  has_deceased_partner: {
    module: "profile",
    title: "Sócio falecido",
    meaning: "Um dos sócios do quadro societário consta como falecido.",
    source: "quadro societário",
  },
  income_below_minimum_wage: {
    module: "finance",
    title: "Renda abaixo do salário mínimo",
    meaning: "A renda estimada do titular é menor que um salário mínimo.",
    source: "renda estimada",
  },
  beneficiary_of_assistance_program: {
    module: "finance",
    title: "Beneficiário de programa social",
    meaning: "O titular recebe benefício ativo de programa de assistência social.",
    source: "programas de assistência",
  },
  no_recent_tax_return: {
    module: "finance",
    title: "Sem declaração de IR recente",
    meaning: "Não há declaração de imposto de renda nos últimos anos.",
    source: "declarações de IR",
  },
  has_collections: {
    module: "finance",
    title: "Cobranças em aberto",
    meaning: "Há cobranças registradas contra o titular.",
    source: "cobranças",
  },
  has_negative_credit_records: {
    module: "finance",
    title: "Negativação de crédito",
    meaning: "Há registros negativos de crédito (inadimplência informada por credores).",
    source: "restrições de crédito",
  },
  has_active_tax_debt: {
    module: "finance",
    title: "Dívida ativa",
    meaning: "A empresa tem débitos inscritos em dívida ativa.",
    source: "débitos fiscais",
  },
  fgts_irregular: {
    module: "finance",
    title: "FGTS irregular",
    meaning: "O certificado de regularidade do FGTS da empresa não está em dia.",
    source: "regularidade do FGTS",
  },
  has_protests: {
    module: "financeAdvanced",
    title: "Protestos em cartório",
    meaning: "Há títulos protestados em cartório contra o documento.",
    source: "protestos",
  },
  high_negative_amount: {
    module: "financeAdvanced",
    title: "Valor negativado alto",
    meaning: "A soma dos valores negativados passa do limite do perfil.",
    source: "resumo de negativações",
  },
  has_lawsuits: {
    module: "lawsuits",
    title: "Tem processos",
    meaning: "Há processos judiciais em que o documento é parte.",
    source: "processos judiciais",
  },
  has_active_lawsuits_as_defendant: {
    module: "lawsuits",
    title: "Processos ativos como réu",
    meaning: "O titular é réu em ao menos um processo em andamento.",
    source: "processos em andamento, polo passivo",
  },
  has_criminal_lawsuit: {
    module: "lawsuits",
    title: "Processo criminal",
    meaning: "Há processo na área criminal envolvendo o titular.",
    source: "processos da área criminal",
  },
  has_labour_lawsuits_as_defendant: {
    module: "lawsuits",
    title: "Réu em processos trabalhistas",
    meaning: "O titular é réu em processos trabalhistas.",
    source: "processos trabalhistas, polo passivo",
  },
  has_tax_enforcement: {
    module: "lawsuits",
    title: "Execução fiscal",
    meaning: "Há execução fiscal contra o documento.",
    source: "processos de execução fiscal",
  },
  owner_has_lawsuits: {
    module: "ownersLawsuits",
    title: "Sócio com processos",
    meaning: "Um ou mais sócios da empresa são parte em processos.",
    source: "processos dos sócios",
  },
  owner_has_active_lawsuits_as_defendant: {
    module: "ownersLawsuits",
    title: "Sócio réu em processos ativos",
    meaning: "Um sócio é réu em processo em andamento.",
    source: "processos dos sócios, polo passivo",
  },
  owner_has_criminal_lawsuit: {
    module: "ownersLawsuits",
    title: "Sócio com processo criminal",
    meaning: "Um sócio tem processo na área criminal.",
    source: "processos criminais dos sócios",
  },
  large_related_network: {
    module: "related",
    title: "Rede de relacionados extensa",
    meaning: "O documento tem muitas pessoas e empresas relacionadas.",
    source: "pessoas e empresas relacionadas",
  },
  has_many_related_with_lawsuits: {
    module: "related",
    title: "Muitos relacionados com processos",
    meaning: "Vários relacionados são parte em processos.",
    source: "processos dos relacionados",
  },
  has_inactive_related_company: {
    module: "related",
    title: "Empresa relacionada inativa",
    meaning: "Uma empresa relacionada não está ativa.",
    source: "situação das empresas relacionadas",
  },
  has_deceased_business_relation: {
    module: "related",
    title: "Relação com pessoa falecida",
    meaning: "Uma relação empresarial é com pessoa falecida.",
    source: "relações empresariais",
  },
  has_related_on_service_restrictive_list: {
    module: "related",
    title: "Relacionado na lista restritiva",
    meaning: "Um relacionado está na lista restritiva do provedor de dados.",
    source: "indicadores dos relacionados",
  },
  related_on_service_restrictive_list: {
    module: "related",
    title: "Relacionado na lista restritiva",
    meaning: "Um relacionado está na lista restritiva do provedor de dados.",
    source: "indicadores dos relacionados",
  },
  listed_on_workspace_restrictive_list: {
    module: "profile",
    title: "Na lista restritiva do workspace",
    meaning: "O documento está na lista restritiva deste workspace (entrada ativa quando a verificação terminou).",
    source: "lista restritiva do workspace",
  },
  related_on_workspace_restrictive_list: {
    module: "profile",
    title: "Relacionado na lista restritiva do workspace",
    meaning: "Uma pessoa ou empresa relacionada está na lista restritiva deste workspace.",
    source: "relacionados comparados à lista restritiva do workspace",
  },
  // Vision rules (server/vision/rules.ts; docs/decisions.md, "v2 face recognition and CNH reading")
  cnh_data_mismatch: {
    module: "cnh",
    title: "CNH diverge do cadastro",
    meaning: "O nome, o CPF ou a data de nascimento lidos na CNH diferem dos dados cadastrais.",
    source: "leitura da imagem da CNH comparada ao cadastro",
  },
  cnh_unreadable: {
    module: "cnh",
    title: "CNH ilegível",
    meaning: "Não foi possível ler nome, CPF, data de nascimento nem número de registro na imagem.",
    source: "leitura da imagem da CNH",
  },
  cnh_expired: {
    module: "cnh",
    title: "CNH vencida",
    meaning: "A data de validade lida na CNH já passou.",
    source: "validade lida na CNH",
  },
  face_mismatch: {
    module: "faceRecognition",
    title: "Rosto não confere",
    meaning: "A semelhança entre a foto enviada e o rosto de referência ficou abaixo do limite.",
    source: "comparação facial com a CNH ou a foto de referência",
  },
  face_not_detected: {
    module: "faceRecognition",
    title: "Nenhum rosto na foto",
    meaning: "Nenhum rosto foi encontrado na imagem enviada para a biometria facial.",
    source: "detecção facial na foto enviada",
  },
  face_reference_not_found: {
    module: "faceRecognition",
    title: "Sem rosto de referência",
    meaning: "Não há rosto na CNH nem foto de referência para comparar.",
    source: "CNH enviada e base de biometria",
  },
  biometric_reference_outdated: {
    module: "biometrics",
    title: "Foto de referência antiga",
    meaning: "A foto de referência da base de biometria tem mais de três anos.",
    source: "data da foto na base de biometria",
  },
};

export function ruleInfo(code: string): RuleInfo & { module: string | null } {
  return RULES[code] ?? { module: null, title: code.replace(/_/g, " "), meaning: "Regra do perfil de score.", source: "dados do módulo" };
}
