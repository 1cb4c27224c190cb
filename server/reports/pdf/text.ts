// pt-BR formats for the PDF report, and text safe for pdfkit's standard fonts (WinAnsi: Latin-1
// plus a few typographic marks; every pt-BR accent is covered, other characters become "?").
import { maskDocument, stripDocument } from "../../../lib/contract/documents";
import { FIELD_LABELS } from "../../../lib/contract/field-labels";
import { valueLabel } from "../../../lib/contract/labels";
import { formatDate, formatDateTime } from "../../../lib/contract/format/date";
import { formatInteger, formatMoney, pluralize } from "../../../lib/contract/format/number";
import { formatPhone, formatPostalCode } from "../../../lib/contract/format/contact";

export { formatDate, formatDateTime, formatInteger, formatMoney, formatPhone, formatPostalCode, pluralize };

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
    const coded = valueLabel(key, value);
    if (coded) return coded;
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
  ...FIELD_LABELS,
  fiscalStatus: "Situação cadastral",
  obitFlag: "Registro de óbito",
  isMotherNameCorrectly: "Nome da mãe validado",
  registrationStatus: "Situação cadastral",
  registrationStatusDate: "Data da situação",
  registrationStatusReason: "Motivo da situação",
  openingDate: "Abertura",
  mainActivity: "Atividade principal",
  secondaryActivities: "Atividades secundárias",
  income: "Faixa de renda",
  createdAt: "Desde",
  active: "Ativo",
  startedAt: "Início",
  endedAt: "Fim",
  registerLogs: "Registros",
  consultationLogs: "Consultas",
  dueDate: "Vencimento",
  occurredAt: "Ocorrência",
  notary: "Cartório",
  protestedAt: "Data do protesto",
  quantidadeFuncionarios: "Funcionários",
  over90Days: "Mais de 90 dias",
  entity: "Tipo",
  role: "Vínculo",
  registryStatus: "Situação",
  assistancePrograms: "Programas assistenciais",
  ltyTaxDeclarations: "Declarações de IR",
  blacklistedCompanies: "Empresas em listas restritivas",
  blacklistedRelated: "Relacionados em listas restritivas",
  irregularStatus: "Situação irregular",
  deathRecord: "Registro de óbito",
  inactiveStatus: "Situação inativa",
  recentlyOpened: "Aberta recentemente",
  deceasedPartner: "Sócio falecido",
  preferencial: "Preferencial",
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
