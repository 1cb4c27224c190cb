import { formatInteger } from "@/lib/contract/format/number";

/**
 * A collection's module progress in words: "4/4" when every finished module concluded, "2 de 4
 * concluídos, 2 falharam" when some failed (a failed module is finished, never done).
 */
export function moduleProgressText(modules: ReadonlyArray<{ status: string }>): string {
  const total = modules.length;
  const ok = modules.filter((m) => m.status === "ok").length;
  const failed = modules.filter((m) => m.status === "failed").length;
  if (failed === 0) return `${formatInteger(ok)}/${formatInteger(total)}`;
  return `${formatInteger(ok)} de ${formatInteger(total)} ${ok === 1 ? "concluído" : "concluídos"}, ${formatInteger(failed)} ${failed === 1 ? "falhou" : "falharam"}`;
}
