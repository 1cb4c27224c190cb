"use client";

import { useSyncExternalStore } from "react";

// "Organizando o grafo…" with how far the layout is. The progress lives in a small store of its
// own, so the worker's reports (about 20 a layout) repaint this line and not the page's list.

export interface ProgressStore {
  get(): number;
  set(fraction: number): void;
  subscribe(listener: () => void): () => void;
}

export function createProgressStore(): ProgressStore {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(fraction) {
      if (fraction === value) return;
      value = fraction;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function LayoutProgress({ store }: { store: ProgressStore }) {
  const fraction = useSyncExternalStore(store.subscribe, store.get, () => 0);
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex items-center gap-2 text-sm text-zinc-600" data-testid="investigate-layout-progress">
      <span>Organizando o grafo…</span>
      <div
        role="progressbar"
        aria-label="Progresso da organização do grafo"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-32 overflow-hidden rounded-full bg-zinc-100"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <span aria-hidden="true" className="tabular-nums">
        {percent}%
      </span>
    </div>
  );
}
