"use client";

import { createContext, useContext, type ReactNode } from "react";
import { mixesFictitious, sourceOf, type ModuleSourceView } from "@/lib/contract/source-labels";
import { cn } from "@/lib/utils/cn";

// Where each module's data came from (issue 28), for the sections of a page that shows module
// data: the case page and the enrichment detail. null: not known (a deployment without the review
// API, or not loaded yet): nothing is said, rather than something false.
const ModuleSources = createContext<readonly ModuleSourceView[] | null>(null);

export function ModuleSourcesProvider({ sources, children }: { sources: readonly ModuleSourceView[] | null; children: ReactNode }) {
  return <ModuleSources.Provider value={sources}>{children}</ModuleSources.Provider>;
}

/** The source of a module's data in a compact line: real data muted, invented data in amber. */
export function SourceLine({ source, className }: { source: ModuleSourceView; className?: string }) {
  const warn = source.fictitious || source.state === "unavailable";
  const text = source.state === "answered" && !source.fictitious ? `Fonte: ${source.label}` : source.label;
  return (
    <p
      data-testid="module-source"
      data-module={source.module}
      data-provider={source.provider ?? ""}
      data-state={source.state}
      className={cn(
        "mt-1 inline-flex max-w-full items-center gap-1.5 rounded px-1.5 py-0.5 text-xs break-words",
        warn ? "bg-amber-50 font-medium text-amber-900 ring-1 ring-amber-600/25 ring-inset" : "bg-zinc-50 text-zinc-600",
        className,
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 shrink-0 rounded-full", warn ? "bg-amber-500" : "bg-emerald-500")} />
      {text}
    </p>
  );
}

/** The line of `module` from the page's sources; nothing when they are not known or do not name it. */
export function ModuleSourceLine({ module }: { module: string }) {
  const source = sourceOf(useContext(ModuleSources), module);
  return source ? <SourceLine source={source} /> : null;
}

/** The modules whose data is invented while other modules' is real (mixed sources); [] otherwise. */
export function useFictitiousModules(): string[] {
  const sources = useContext(ModuleSources);
  return mixesFictitious(sources) ? (sources ?? []).filter((s) => s.state === "answered" && s.fictitious).map((s) => s.module) : [];
}

/** The modules of the page left without a source (not consulted). */
export function useUnavailableModules(): ModuleSourceView[] {
  return (useContext(ModuleSources) ?? []).filter((s) => s.state === "unavailable");
}
