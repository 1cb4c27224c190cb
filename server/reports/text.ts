// pt-BR formats for the PDF report, and text safe for pdfkit's standard fonts (WinAnsi: Latin-1
// plus a few typographic marks; every pt-BR accent is covered, other characters become "?").
import { maskDocument, stripDocument } from "../../lib/contract/documents";
import { formatDate, formatDateTime } from "../../lib/contract/format/date";
import { formatInteger, formatMoney } from "../../lib/contract/format/number";
import { formatPhone, formatPostalCode } from "../../lib/contract/format/contact";

export { formatDate, formatDateTime, formatInteger, formatMoney, formatPhone, formatPostalCode };

const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

export function winAnsi(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09 || code === 0x0a) out += ch;
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (code === 0x2192) out += "->";
    else out += "?";
  }
  return out;
}

/** A CPF/CNPJ masked; a value that is not one keeps at most its last 2 digits visible. */
export function maskedDocument(value: string | null | undefined): string {
  if (!value) return "—";
  const masked = maskDocument(value);
  if (masked !== value || value.includes("*")) return masked;
  const raw = stripDocument(value);
  return raw.length > 2 ? `${"*".repeat(raw.length - 2)}${raw.slice(-2)}` : value;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MONEY_KEY = /amount|value|valor|capital|salary|income|renda|montante|total(amount|value)/i;
const DOCUMENT_KEY = /^(document|nationalId|cpf|cnpj|documento|taxId)$/i;

/** A dossier value for a table cell: dates dd/mm/aaaa, money R$, documents masked, booleans Sim/Não. */
export function cell(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (typeof value === "number") return MONEY_KEY.test(key) && !/count|total$/i.test(key) ? formatMoney(value) : formatInteger(value);
  if (typeof value === "string") {
    if (DOCUMENT_KEY.test(key)) return maskedDocument(value);
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_TIMESTAMP.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map((v) => cell(key, v)).join(", ");
  if (typeof value === "object") {
    const o = value as Record<string, unknown>;
    if ("description" in o || "name" in o)
      return [o.code, o.description ?? o.name].filter((x) => x !== undefined && x !== null && x !== "").join(" - ");
    if ("risky" in o && "value" in o) return `${cell(key, o.value)}${o.risky ? " (atenção)" : ""}`;
    return Object.entries(o)
      .map(([k, v]) => `${label(k)}: ${cell(k, v)}`)
      .join("; ");
  }
  return String(value);
}

const LABELS: Record<string, string> = {
  name: "Nome",
  nationalId: "Documento",
  fiscalStatus: "Situação cadastral",
  gender: "Sexo",
  motherName: "Nome da mãe",
  age: "Idade",
  birthDate: "Nascimento",
  obitFlag: "Registro de óbito",
  isMotherNameCorrectly: "Nome da mãe validado",
  tradeName: "Nome fantasia",
  headOffice: "Matriz",
  registrationStatus: "Situação cadastral",
  registrationStatusDate: "Data da situação",
  registrationStatusReason: "Motivo da situação",
  openingDate: "Abertura",
  legalNature: "Natureza jurídica",
  mainActivity: "Atividade principal",
  secondaryActivities: "Atividades secundárias",
  size: "Porte",
  shareCapital: "Capital social",
  salary: "Renda estimada",
  income: "Faixa de renda",
  totalAssets: "Patrimônio",
  year: "Ano",
  status: "Situação",
  bank: "Banco",
  updatedAt: "Atualizado em",
  createdAt: "Desde",
  total: "Total",
  totalOrigins: "Origens",
  city: "Cidade",
  state: "UF",
  active: "Ativo",
  amount: "Valor",
  totalAmount: "Valor total",
  startedAt: "Início",
  endedAt: "Fim",
  registerLogs: "Registros",
  segment: "Segmento",
  reportedBy: "Informante",
  type: "Tipo",
  isNegative: "Negativado",
  hasData: "Com dados",
  reportedAt: "Data",
  consultationLogs: "Consultas",
  creditor: "Credor",
  dueDate: "Vencimento",
  occurredAt: "Ocorrência",
  notary: "Cartório",
  protestedAt: "Data do protesto",
  faturamentoPresumido: "Faturamento presumido",
  quantidadeFuncionarios: "Funcionários",
  faixaFuncionarios: "Faixa de funcionários",
  regimeTributario: "Regime tributário",
  dividaAtiva: "Dívida ativa",
  regularidadeFgts: "Regularidade do FGTS",
  cobrancas: "Cobranças",
  possui: "Possui",
  inscricoes: "Inscrições",
  valorTotal: "Valor total",
  quantidade: "Quantidade",
  origens: "Origens",
  atualizadoEm: "Atualizado em",
  hasNegativeRecords: "Possui negativações",
  negativeRecords: "Negativações",
  negativeAmount: "Valor negativado",
  protests: "Protestos",
  protestAmount: "Valor protestado",
  lastOccurrenceAt: "Última ocorrência",
  consultations: "Consultas",
  last30Days: "Últimos 30 dias",
  last60Days: "Últimos 60 dias",
  last90Days: "Últimos 90 dias",
  over90Days: "Mais de 90 dias",
  document: "Documento",
  entity: "Tipo",
  role: "Vínculo",
  since: "Desde",
  qualification: "Qualificação",
  registryStatus: "Situação",
  lawsuitsTotal: "Processos",
  sharePercent: "Participação (%)",
  monthlyIncome: "Renda mensal",
  assistancePrograms: "Programas assistenciais",
  ltyTaxDeclarations: "Declarações de IR",
  blacklisted: "Lista restritiva",
  blacklistedCompanies: "Empresas em listas restritivas",
  blacklistedRelated: "Relacionados em listas restritivas",
  irregularStatus: "Situação irregular",
  deathRecord: "Registro de óbito",
  inactiveStatus: "Situação inativa",
  recentlyOpened: "Aberta recentemente",
  deceasedPartner: "Sócio falecido",
  collections: "Cobranças",
  preferencial: "Preferencial",
  value: "Valor",
};
export function label(key: string): string {
  return (
    LABELS[key] ??
    key
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/_/g, " ")
      .replace(/^./, (c) => c.toUpperCase())
  );
}
