import type { ModuleView } from "@/lib/enrichments/view";
import { MODULE_STATUS, moduleLabel } from "@/lib/enrichments/labels";
import { moduleProgressText } from "@/lib/enrichments/progress";

// A row's module progress: one segment per module, coloured by its state, and "n/m" concluded
// ("2 de 4 concluídos, 2 falharam" when some failed: a failed module is finished, not done).

const SEGMENT: Record<string, string> = { pending: "bg-zinc-200", retrying: "bg-amber-400", ok: "bg-emerald-500", failed: "bg-rose-500" };

export function ModuleProgress({ modules }: { modules: ModuleView[] | null }) {
  if (!modules) return <span className="text-xs text-zinc-500">—</span>;
  const done = modules.filter((m) => m.status === "ok" || m.status === "failed").length;
  const failed = modules.filter((m) => m.status === "failed").length;
  const summary = modules.map((m) => `${moduleLabel(m.name)}: ${MODULE_STATUS[m.status]?.label ?? m.status}`).join("; ");
  return (
    <div
      data-testid="module-progress"
      data-done={done}
      data-failed={failed}
      data-total={modules.length}
      className="flex items-center gap-2"
      title={summary}
    >
      <div className="flex h-2 w-24 gap-0.5" aria-hidden="true">
        {modules.map((m) => (
          <span key={m.name} className={`h-full flex-1 rounded-sm ${SEGMENT[m.status] ?? "bg-zinc-200"}`} />
        ))}
      </div>
      <span className={`text-xs tabular-nums ${failed ? "text-rose-700" : "text-zinc-600"}`} data-testid="module-progress-text">
        {moduleProgressText(modules)}
        <span className="sr-only">
          {failed ? "" : " módulos concluídos"}. {summary}
        </span>
      </span>
    </div>
  );
}
