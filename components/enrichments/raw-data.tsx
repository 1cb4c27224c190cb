"use client";

import { useId, useState } from "react";
import { ChevronDownIcon } from "@/components/ui/icons";
import { datasetLabel, moduleLabel } from "@/lib/contract/labels";
import { cn } from "@/lib/utils/cn";

// The module data exactly as the v3 API answered it (documents masked by the BFF), behind
// "Ver dados brutos": a disclosure button (aria-expanded, a real button: Enter and Space open it).

export function RawData({ data }: { data: Record<string, Record<string, unknown>> }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const modules = Object.keys(data);
  if (modules.length === 0) return null;
  return (
    <section className="rounded-lg border border-zinc-200 bg-white" aria-labelledby={`${panel}-title`} data-testid="raw-data">
      <h2 id={`${panel}-title`} className="text-sm font-semibold text-zinc-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center gap-1.5 rounded-lg px-4 py-3 text-left hover:bg-zinc-50"
          data-testid="raw-toggle"
        >
          <ChevronDownIcon className={cn("size-4 shrink-0 text-zinc-500 transition-transform", !open && "-rotate-90")} />
          {open ? "Ocultar dados brutos" : "Ver dados brutos"}
          <span className="ml-auto text-xs font-normal text-zinc-500">JSON de cada módulo, como a API respondeu</span>
        </button>
      </h2>
      <div id={panel} hidden={!open} className="space-y-3 border-t border-zinc-100 p-4">
        {open
          ? modules.map((module) => (
              <div key={module} data-module={module}>
                <h3 className="mb-1 text-xs font-semibold text-zinc-700">
                  {moduleLabel(module)}
                  {typeof data[module]?.dataset === "string" ? (
                    <span className="font-normal text-zinc-500"> · {datasetLabel(data[module].dataset as string)}</span>
                  ) : null}
                </h3>
                <pre
                  data-testid="raw-json"
                  tabIndex={0}
                  aria-label={`Dados brutos: ${moduleLabel(module)}`}
                  className="max-h-[480px] overflow-auto rounded bg-zinc-950 p-3 text-xs text-zinc-100"
                >
                  {JSON.stringify(data[module], null, 2)}
                </pre>
              </div>
            ))
          : null}
      </div>
    </section>
  );
}
