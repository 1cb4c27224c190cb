// A node's lawsuits as the side panel lists them: CNJ number, court, class, subject, the node's
// role, status and claim value, read from the node route (lawsuits dataset 2.0 or 3.0).
import type { ApiNetworkNodeLawsuits } from "@/lib/enrichments/api-types";

export interface LawsuitRow {
  number: string;
  court: string;
  className: string;
  subject: string;
  role: string;
  status: string;
  claimValue: number | null;
  filedAt: string | null;
}

export interface NodeLawsuits {
  queryStatus: "ok" | "failed";
  dataset: string;
  items: LawsuitRow[];
}

const SIDE_ROLE: Record<string, string> = { defendant: "Réu", plaintiff: "Autor" };
const PARTY_ROLE: Record<string, string> = {
  autor: "Autor",
  réu: "Réu",
  reu: "Réu",
  exequente: "Exequente",
  executado: "Executado",
  reclamante: "Reclamante",
  reclamado: "Reclamado",
};

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const named = (value: unknown): string | null => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") return text((value as { name?: unknown }).name);
  return null;
};

function roleOf(item: Record<string, unknown>): string {
  const parties = Array.isArray(item.parties) ? (item.parties as Record<string, unknown>[]) : [];
  const holder = parties.find((p) => p.isHolder === true);
  const role = text(holder?.role);
  if (role) return PARTY_ROLE[role.toLowerCase()] ?? role;
  return SIDE_ROLE[text(item.side) ?? ""] ?? "—";
}

export function toNodeLawsuits(answer: ApiNetworkNodeLawsuits): NodeLawsuits {
  const block = answer.lawsuits;
  const items = Array.isArray(block?.items) ? (block.items as Record<string, unknown>[]) : [];
  return {
    queryStatus: answer.node.query.status,
    dataset: answer.dataset,
    items: items.map((item) => {
      const court = item.court as { code?: string; name?: string } | undefined;
      return {
        number: text(item.number) ?? "—",
        court: court ? [court.code, court.name].filter(Boolean).join(" – ") : "—",
        className: named(item.class) ?? "—",
        subject: named(item.subject) ?? "—",
        role: roleOf(item),
        status: text(item.status) ?? "—",
        claimValue: typeof item.claimValue === "number" ? item.claimValue : null,
        filedAt: text(item.filedAt),
      };
    }),
  };
}
