import type { Omission } from "./types";

// The investigation graph's words in pt-BR: node types, edge types, flags, layers, omissions.

export const NODE_TYPE_LABELS: Record<string, string> = {
  company: "Empresa",
  partner: "Sócio (Receita)",
  person: "Pessoa verificada",
  lawsuit: "Processo",
};

export const EDGE_TYPE_LABELS: Record<string, string> = {
  partner: "sócio",
  same_person: "mesma pessoa (provável)",
  lawsuit: "parte em processo",
  same_address: "mesmo endereço",
  same_phone: "mesmo telefone",
  same_email: "mesmo e-mail",
};

export const FLAG_LABELS: Record<string, string> = {
  sanctioned: "Sancionada",
  restrictive: "Lista restritiva",
  inactive: "Inativa",
  deceased: "Falecido",
  case: "Caso no workspace",
};

export const LAYER_LABELS = {
  sanctions: "Sanções",
  restrictive: "Lista restritiva",
  inactive: "Inativas",
  lawsuits: "Processos",
  contacts: "Contatos compartilhados",
} as const;

export const nodeTypeLabel = (type: string) => NODE_TYPE_LABELS[type] ?? type;
export const edgeTypeLabel = (type: string) => EDGE_TYPE_LABELS[type] ?? type.replace(/_/g, " ");
export const flagLabel = (flag: string) => FLAG_LABELS[flag] ?? flag;

/** Node colours on the canvas (and the list's dots): by type, overridden by the strongest flag whose layer is on. */
export const TYPE_COLORS: Record<string, string> = {
  company: "#2563eb",
  partner: "#0d9488",
  person: "#7c3aed",
  lawsuit: "#71717a",
};
export const FLAG_COLORS = { sanctioned: "#dc2626", restrictive: "#ea580c", inactive: "#a1a1aa" } as const;

const SHARED: Record<string, string> = { same_address: "endereço", same_phone: "telefone", same_email: "e-mail" };
const SOURCE_NAMES: Record<string, string> = {
  registry: "registro da Receita (nenhum release importado ou em uso)",
  lawsuits: "processos",
  cases: "casos do workspace",
};
const n = (value: number) => value.toLocaleString("pt-BR");

/**
 * What an answer left out, in words ("120 nós omitidos: os menos conectados, pelo limite de 200 ·
 * 1 valor compartilhado por mais de 50 estabelecimentos não ligado: endereço R DAS FLORES 10 (120)").
 * Null when nothing was left out.
 */
export function omittedMessage(omitted: Omission[], limit?: number): string | null {
  const parts: string[] = [];
  const limited = omitted.filter((o) => o.reason === "limit").reduce((sum, o) => sum + o.count, 0);
  if (limited > 0)
    parts.push(
      `${n(limited)} ${limited === 1 ? "nó omitido" : "nós omitidos"}: os menos conectados${limit ? `, pelo limite de ${n(limit)}` : ""}`,
    );
  const depth = omitted.filter((o) => o.reason === "depth").reduce((sum, o) => sum + o.count, 0);
  if (depth > 0) parts.push(`${n(depth)} ${depth === 1 ? "vizinho" : "vizinhos"} além da profundidade pedida`);
  const hubs = omitted.filter((o) => o.reason === "hub");
  if (hubs.length > 0) {
    const shown = hubs
      .slice(0, 3)
      .map((h) => `${SHARED[h.type ?? ""] ?? "valor"}${h.value ? ` ${h.value}` : ""} (${n(h.count)} estabelecimentos)`)
      .join(", ");
    parts.push(
      `${n(hubs.length)} ${hubs.length === 1 ? "valor compartilhado" : "valores compartilhados"} por mais de 50 estabelecimentos não ${hubs.length === 1 ? "ligado" : "ligados"}: ${shown}${hubs.length > 3 ? "…" : ""}`,
    );
  }
  const unavailable = omitted.filter((o) => o.reason === "source_unavailable");
  if (unavailable.length > 0)
    parts.push(
      `${unavailable.length === 1 ? "fonte indisponível" : "fontes indisponíveis"}: ${unavailable.map((o) => SOURCE_NAMES[o.value ?? ""] ?? o.value ?? "?").join(", ")}`,
    );
  return parts.length > 0 ? parts.join(" · ") : null;
}
