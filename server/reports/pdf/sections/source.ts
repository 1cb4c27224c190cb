// The line under a module's title that names its source (issue 28): "Fonte: Receita Federal,
// release 2025-06"; invented data stands out ("Sandbox: dados fictícios", in the warning colour).
import { sourceOf, type ModuleSourceView } from "../../../../lib/contract/source-labels";

export function sourceLineOf(sources: readonly ModuleSourceView[], module: string): { text: string; warn: boolean } | null {
  const s = sourceOf(sources, module);
  if (!s) return null;
  if (s.state !== "answered") return { text: s.label, warn: s.state === "unavailable" };
  return s.fictitious ? { text: s.label, warn: true } : { text: `Fonte: ${s.label}`, warn: false };
}
