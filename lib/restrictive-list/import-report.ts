// The service reports each refused line of a CSV import in English (server/v2/blacklist/import.ts);
// the console shows them in pt-BR. A reason this map does not know is shown as the service wrote it.

const EXACT: Record<string, string> = {
  "nationalId is missing": "Documento ausente.",
  "nationalId is not a valid CPF or CNPJ": "CPF/CNPJ inválido (dígitos verificadores ou tamanho).",
  "reason is required": "Motivo ausente.",
  "expiresAt must be an RFC 3339 date-time, a date (YYYY-MM-DD or DD/MM/YYYY) or DD/MM/YYYY HH:MM":
    "Data de expiração inválida (use DD/MM/AAAA, AAAA-MM-DD ou DD/MM/AAAA HH:MM).",
  "expiresAt is in the past": "Data de expiração no passado.",
  "repeats an earlier line of this file": "Repete uma linha anterior do arquivo.",
  "already on the restrictive list": "Já está na lista restritiva.",
};

export function importLineError(error: string | undefined): string {
  if (!error) return "";
  if (EXACT[error]) return EXACT[error];
  const longer = /^(reason|name) is longer than (\d+) characters$/.exec(error);
  if (longer) return `${longer[1] === "reason" ? "Motivo" : "Nome"} com mais de ${longer[2]} caracteres.`;
  return error;
}

export const IMPORT_RESULT_LABELS = { added: "Adicionada", duplicate: "Duplicada", invalid: "Inválida" } as const;
