// Readable pt-BR names of the fields of the module data (dataset formats in docs/sandbox.md);
// fields without a name here are shown with their own name split into words.
import { FIELD_LABELS } from "@/lib/contract/field-labels";
import { formatInteger, formatMoney } from "@/lib/contract/format/number";
import { providerValue, valueLabel } from "@/lib/contract/labels";

const LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  full: "Nome completo",
  nome: "Nome",
  cpf: "CPF",
  cnpj: "CNPJ",
  dataNascimento: "Nascimento",
  idade: "Idade",
  sexo: "Sexo",
  mother: "Mãe",
  father: "Pai",
  registryStatus: "Situação cadastral",
  situacaoCadastral: "Situação cadastral",
  deceased: "Falecido",
  death: "Óbito",
  obito: "Óbito",
  listaRestritiva: "Lista restritiva",
  service: "Serviço",
  client: "Cliente",
  contacts: "Contatos",
  addresses: "Endereços",
  enderecos: "Endereços",
  phones: "Telefones",
  telefones: "Telefones",
  emails: "E-mails",
  street: "Logradouro",
  logradouro: "Logradouro",
  number: "Número",
  numero: "Número",
  complement: "Complemento",
  district: "Bairro",
  bairro: "Bairro",
  cidade: "Cidade",
  uf: "UF",
  postalCode: "CEP",
  cep: "CEP",
  areaCode: "DDD",
  ddd: "DDD",
  tipo: "Tipo",
  primary: "Principal",
  principal: "Principal",
  legalName: "Razão social",
  razaoSocial: "Razão social",
  openedAt: "Abertura",
  nature: "Natureza jurídica",
  activity: "Atividade principal",
  capital: "Capital social",
  partners: "Sócios",
  qsa: "Quadro societário",
  income: "Renda",
  incomeBand: "Faixa de renda",
  assets: "Patrimônio",
  programs: "Programas sociais",
  counters: "Contadores",
  indicators: "Indicadores",
  asDefendant: "Como réu",
  asPlaintiff: "Como autor",
  active: "Ativos",
  inactive: "Encerrados",
  items: "Itens",
  court: "Tribunal",
  class: "Classe",
  subject: "Assunto",
  area: "Área",
  side: "Polo",
  claimValue: "Valor da causa",
  filedAt: "Distribuição",
  lastMovementAt: "Última movimentação",
  unit: "Vara",
  parties: "Partes",
  role: "Papel",
  relation: "Vínculo",
  personal: "Família",
  business: "Negócios",
  ownerships: "Participações",
  employments: "Empregos",
  representations: "Representações",
  totals: "Totais",
  restrictiveList: "Lista restritiva",
  via: "Por meio de",
  risky: "Risco",
  code: "Código",
  description: "Descrição",
  date: "Data",
  debts: "Dívidas",
  totalClaimValue: "Valor total das causas",
  activeClaimValueAsDefendant: "Valor ativo como réu",
  firstFiledAt: "Primeiro processo",
  lastFiledAt: "Último processo",
  bySegment: "Por segmento",
  byCourt: "Por tribunal",
  byArea: "Por área",
  byClass: "Por classe",
  activeAsDefendant: "Réu em processos ativos",
  criminal: "Criminais",
  labourAsDefendant: "Réu trabalhista",
  taxEnforcement: "Execuções fiscais",
  recentFilings: "Recentes (12 meses)",
  highClaimValue: "Alto valor como réu",
  owners: "Sócios",
  // the remaining fields of the sandbox's datasets (docs/sandbox.md)
  given: "Prenome",
  surnames: "Sobrenomes",
  birth: "Nascimento",
  registry: "Cadastro na Receita",
  registeredAt: "Inscrição",
  fiscalRegion: "Região fiscal",
  checkedAt: "Consultado em",
  recorded: "Registrado",
  validated: "Validado",
  restrictiveLists: "Listas restritivas",
  listed: "Consta",
  relatedCompaniesListed: "Empresas vinculadas listadas",
  relatedPersonsListed: "Pessoas vinculadas listadas",
  neighborhood: "Bairro",
  country: "País",
  countryCode: "DDI",
  preferred: "Preferencial",
  firstSeenAt: "Visto pela primeira vez",
  lastSeenAt: "Visto por último",
  address: "Endereço",
  entity: "Tipo de pessoa",
  taxRegime: "Regime tributário",
  activities: "Atividades",
  main: "Principal",
  secondary: "Secundárias",
  registration: "Registro",
  statusDate: "Data da situação",
  statusReason: "Motivo da situação",
  quantidadeFuncionarios: "Quantidade de funcionários",
  ultima: "Última",
  possuiRestricao: "Possui restrição",
  risco: "Risco",
  valor: "Valor",
  rendaMensal: "Renda mensal",
  rendaEstimada: "Renda estimada",
  salarioEstimado: "Salário estimado",
  faixaPatrimonial: "Faixa patrimonial",
  declaracoesUltimosAnos: "Declarações dos últimos anos",
  declaracoesIR: "Declarações de IR",
  programasAssistenciais: "Programas assistenciais",
  programasSociais: "Programas sociais",
  programa: "Programa",
  ano: "Ano",
  banco: "Banco",
  situacao: "Situação",
  dataAtualizacao: "Data de atualização",
  inicio: "Início",
  fim: "Fim",
  ativo: "Ativo",
  municipio: "Município",
  valorParcela: "Valor da parcela",
  social_security: "Previdência social",
  justice: "Justiça",
  isHolder: "É o titular",
  tax: "Tributários",
  civil: "Cíveis",
  labour: "Trabalhistas",
  consumer: "Consumidor",
  federal: "Federal",
  ownersLawsuits: "Processos dos sócios",
  totalOwners: "Total de sócios",
  totalLawsuits: "Total de processos",
  ownersWithLawsuits: "Sócios com processos",
  persons: "Pessoas",
  companies: "Empresas",
  inactiveCompanies: "Empresas inativas",
  relatedWithLawsuits: "Vínculos com processos",
  deceasedBusinessRelations: "Vínculos societários falecidos",
  relatedOnServiceRestrictiveList: "Vínculos na lista restritiva do serviço",
  ultimos30Dias: "Últimos 30 dias",
  ultimos60Dias: "Últimos 60 dias",
  ultimos90Dias: "Últimos 90 dias",
  acima90Dias: "Acima de 90 dias",
  summary: "Resumo",
  over90Days: "Acima de 90 dias",
  // the court's region in the CNJ number (J.TR)
  tr: "Região (TR)",
};

/** Keys that are values, shown as they are: acronyms (court codes under byCourt: TJSP, TRT2) and names (classes under byClass). */
const shownAsIs = (key: string) => /^[A-Z][A-Z0-9]+$/.test(key) || /[^\x21-\x7e]/.test(key);

/** Whether the field has its own pt-BR name (else fieldLabel splits the key into words). */
export function hasFieldLabel(key: string): boolean {
  return Object.hasOwn(LABELS, key) || shownAsIs(key);
}

export function fieldLabel(key: string): string {
  if (Object.hasOwn(LABELS, key)) return LABELS[key]!;
  if (shownAsIs(key)) return key;
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Fields that hold an amount of money (R$): the datasets send some as numbers (249000) and some as
 * decimal strings ("20688.68"); either shows as "R$ 20.688,68".
 */
const MONEY_FIELD =
  /^(shareCapital|capital|capitalSocial|salary|salarioEstimado|rendaMensal|rendaEstimada|renda|monthlyIncome|valor|valorTotal|valorParcela|amount|totalAmount|claimValue|totalClaimValue|activeClaimValueAsDefendant|negativeAmount|protestAmount|faturamentoPresumido|valorNegativado|valorProtestado)$/;

export function isMoneyField(key: string | null | undefined): boolean {
  return key ? MONEY_FIELD.test(key) : false;
}

/** Fields that hold a name or an address: shown as the source wrote them. */
const NAME_FIELD =
  /name|nome|full|mother|father|mae|pai|bank|banco|creditor|credor|city|cidade|municipio|street|logradouro|district|bairro|complement|email|tradeName|court|tribunal|class|classe|subject|assunto|description|descricao/i;

/** A field's value in pt-BR: codes in words, money in R$ with cents, dates dd/mm/aaaa, numbers 1.234. */
export function formatScalar(value: unknown, key?: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (key) {
    const coded = valueLabel(key, value);
    if (coded) return coded;
  }
  if (isMoneyField(key) && (typeof value === "number" || (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value))))
    return formatMoney(value);
  if (typeof value === "number") return formatInteger(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split("-").reverse().join("/");
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value))
    return new Date(value).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" });
  // a published value ("DE 1 A 3 SM", "baixado") in sentence case; names (of people, banks, places) as written
  if (typeof value === "string" && !(key && NAME_FIELD.test(key))) return providerValue(value);
  return String(value);
}
