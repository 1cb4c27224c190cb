// How a module's source reads to a person (issue 28): "Receita Federal, release 2025-06",
// "Sandbox: dados fictícios". Plain functions without zod: the console's browser code, the PDF and
// the AI summary read them.

/** A module's source as the review API answers it (`sources[]`). */
export interface ModuleSourceView {
  module: string;
  dataset: string;
  /** `receita`, `sandbox`; null: unavailable, or not answered (yet). */
  provider: string | null;
  /** The public data's release (`2025-06`), when the provider publishes releases. */
  release: string | null;
  /** Sanctions lists that added to the answer, with their release (`2025-06-01`). */
  lists: { list: string; release: string }[];
  /** A fan-out: the provider whose parties it followed (the registry's QSA). */
  partiesFrom: string | null;
  /** `answered` (the provider gave it), `unavailable` (no source configured: not run), `pending` (no answer yet, or failed). */
  state: "answered" | "unavailable" | "pending";
  /** Invented data (the sandbox). */
  fictitious: boolean;
  label: string;
}

const PROVIDERS: Record<string, string> = { receita: "Receita Federal", sandbox: "Sandbox" };

export const UNAVAILABLE_LABEL = "Indisponível: sem fonte configurada";
export const FICTITIOUS_LABEL = "Sandbox: dados fictícios";
export const UNKNOWN_SOURCE_LABEL = "Fonte não informada";

export function providerName(provider: string): string {
  return PROVIDERS[provider] ?? provider;
}

const brDay = (iso: string) => (/^(\d{4})-(\d{2})-(\d{2})$/.test(iso) ? iso.split("-").reverse().join("/") : iso);

export function sourceLabel(s: Pick<ModuleSourceView, "provider" | "release" | "lists" | "partiesFrom" | "state">): string {
  if (s.state === "unavailable") return UNAVAILABLE_LABEL;
  if (s.state === "pending" || !s.provider) return "Sem resposta da fonte";
  const parts = [s.provider === "sandbox" ? FICTITIOUS_LABEL : `${providerName(s.provider)}${s.release ? `, release ${s.release}` : ""}`];
  if (s.partiesFrom && s.partiesFrom !== s.provider) parts[0] += `, sobre os sócios da ${providerName(s.partiesFrom)}`;
  for (const l of s.lists) parts.push(`${l.list} de ${brDay(l.release)}`);
  return parts.join("; ");
}

/** The entry of one module in a list of sources (undefined: the list does not name it). */
export function sourceOf(sources: readonly ModuleSourceView[] | null | undefined, module: string): ModuleSourceView | undefined {
  return sources?.find((s) => s.module === module);
}

/** Whether any answer came from a real provider (the subject is real) while another is invented. */
export function mixesFictitious(sources: readonly ModuleSourceView[] | null | undefined): boolean {
  const answered = (sources ?? []).filter((s) => s.state === "answered");
  return answered.some((s) => s.fictitious) && answered.some((s) => !s.fictitious);
}
