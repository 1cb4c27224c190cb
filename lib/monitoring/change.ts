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

/** Particles that stay in lower case inside a person's or company's name. */
const PARTICLES = new Set(["da", "das", "de", "do", "dos", "e"]);

/** A name published in capitals ("MARIA DA SILVA") as a name: "Maria da Silva". */
export function nameCase(value: string): string {
  if (value !== value.toLocaleUpperCase("pt-BR")) return value;
  return value
    .toLocaleLowerCase("pt-BR")
    .split(/(\s+)/)
    .map((word, index) =>
      (index > 0 && PARTICLES.has(word)) || /^\s+$/.test(word) ? word : word.charAt(0).toLocaleUpperCase("pt-BR") + word.slice(1),
    )
    .join("");
}

/** Keys whose value is a name. */
const NAME_KEYS = new Set(["name", "partner", "company"]);

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
    const text =
      typeof item === "object" && item !== null
        ? describeSide(item)
        : NAME_KEYS.has(key) && typeof item === "string"
          ? nameCase(item)
          : scalar(item);
    if (text === null || text === "—") continue;
    const label = KEY_LABELS[key];
    parts.push(label ? `${label}: ${text}` : text);
  }
  return parts.length > 0 ? parts.join(" · ") : "—";
}

function onlyKey(value: unknown): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  return keys.length === 1 ? keys[0]! : null;
}

/**
 * "before → after" of an alert, each side in words. When both sides hold the same one field
 * ({situacao: "ATIVA"} → {situacao: "BAIXADA"}), it is named once (`field`: "Situação") and the
 * sides are its values alone.
 */
export function describeChange(change: { before: unknown; after: unknown }): { field: string | null; before: string; after: string } {
  const key = onlyKey(change.before);
  if (key !== null && key !== "listed" && key === onlyKey(change.after) && KEY_LABELS[key]) {
    const label = KEY_LABELS[key];
    const side = (value: unknown) => describeSide((value as Record<string, unknown>)[key]);
    return { field: label.charAt(0).toLocaleUpperCase("pt-BR") + label.slice(1), before: side(change.before), after: side(change.after) };
  }
  return { field: null, before: describeSide(change.before), after: describeSide(change.after) };
}
