// An alert's change ({before, after}, lib/contract/monitoring.ts `Alert.change`) in the console's
// words: one short pt-BR line per side, "Ativa → Baixada", "Fora da lista → Na lista restritiva
// (fraude confirmada)". The service sends JSON whose shape depends on the kind; known keys get a
// pt-BR name, anything else is shown as the provider wrote it (providerValue), never as raw JSON.
// Plain functions (no zod): the Alertas queue and the case page import this in the browser.
import { providerValue } from "@/lib/contract/labels";

/** pt-BR names of the keys a change carries (restrictive list, registry, sanctions). */
const KEY_LABELS: Readonly<Record<string, string>> = {
  reason: "motivo",
  situacao: "situação",
  status: "situação",
  name: "nome",
  qualification: "qualificação",
  list: "lista",
  sanction: "sanção",
  sanctionType: "sanção",
  organ: "órgão",
  company: "empresa",
  partner: "sócio",
  since: "desde",
  until: "até",
};

function scalar(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "number") return value.toLocaleString("pt-BR");
  // a short word in capitals is a list's or an organ's name (CEIS, CNEP, CGU): kept
  if (typeof value === "string") return /^[A-Z]{2,4}$/.test(value) ? value : providerValue(value);
  return null;
}

/** One side of a change as a line; "—" when there was nothing (a partner who joined had no "before"). */
export function describeSide(value: unknown): string {
  const simple = scalar(value);
  if (simple !== null) return simple;
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map(describeSide).join(", ") || "—";
  if (typeof value !== "object") return "—";
  const record = value as Record<string, unknown>;
  // the restrictive list: {listed, reason}
  if (typeof record.listed === "boolean") {
    if (!record.listed) return "Fora da lista restritiva";
    // the reason is the analyst's own text: kept as written
    const reason = typeof record.reason === "string" ? record.reason.trim() : "";
    return reason ? `Na lista restritiva (${reason})` : "Na lista restritiva";
  }
  const parts: string[] = [];
  for (const [key, item] of Object.entries(record)) {
    const text = typeof item === "object" && item !== null ? describeSide(item) : scalar(item);
    if (text === null || text === "—") continue;
    const label = KEY_LABELS[key];
    parts.push(label ? `${label}: ${text}` : text);
  }
  return parts.length > 0 ? parts.join(" · ") : "—";
}

/** "before → after" of an alert, each side in words. */
export function describeChange(change: { before: unknown; after: unknown }): { before: string; after: string } {
  return { before: describeSide(change.before), after: describeSide(change.after) };
}
