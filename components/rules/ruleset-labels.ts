import type { Tone } from "@/lib/verifications/status";

// How the console names a version's state and a profile (pt-BR).

export const PROFILES = [
  { id: "prf_kyc_person", label: "Pessoas (CPF)" },
  { id: "prf_kyb_company", label: "Empresas (CNPJ)" },
] as const;
export type RulesProfile = (typeof PROFILES)[number]["id"];

export const profileLabel = (id: string): string => PROFILES.find((p) => p.id === id)?.label ?? id;

export interface VersionState {
  state: "draft" | "published";
  active: boolean;
  shadow: boolean;
}

/** The badges of a version: rascunho or publicada, then ativa and sombra when they apply. */
export function stateBadges(v: VersionState): Array<{ label: string; tone: Tone; key: string }> {
  const out: Array<{ label: string; tone: Tone; key: string }> = [
    v.state === "draft" ? { key: "draft", label: "Rascunho", tone: "warning" } : { key: "published", label: "Publicada", tone: "neutral" },
  ];
  if (v.active) out.push({ key: "active", label: "Ativa", tone: "success" });
  if (v.shadow) out.push({ key: "shadow", label: "Sombra", tone: "progress" });
  return out;
}

export const userName = (u: { email: string | null } | null, fallback = "Serviço"): string =>
  u ? (u.email ?? "Usuário removido") : fallback;
