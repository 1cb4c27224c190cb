"use client";

import { useMemo, useState } from "react";
import { nodeColor } from "./style";
import type { Layers } from "./graph-state";
import { flagLabel, nodeTypeLabel } from "./labels";
import type { InvNode } from "./types";

// The list of the shown nodes: the graph's accessible view (and the whole view at phone width).
// Each node is a button (Enter or click selects it; then 1, 2, 3 expand it); the most connected
// first, a filter by name or document, the first 300 drawn and the rest on request, so 5,000
// nodes stay quick.

const PAGE = 300;

export function NodeList({
  nodes,
  layers,
  selected,
  highlighted,
  pinned,
  onSelect,
}: {
  nodes: InvNode[];
  layers: Layers;
  selected: string | null;
  highlighted: Set<string>;
  pinned: Set<string>;
  onSelect: (id: string) => void;
}) {
  const [filter, setFilter] = useState("");
  const [shown, setShown] = useState(PAGE);
  const sorted = useMemo(() => {
    const folded = filter
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .trim();
    const match = (n: InvNode) =>
      !folded ||
      n.label
        .normalize("NFD")
        .replace(/\p{Diacritic}/gu, "")
        .toLowerCase()
        .includes(folded) ||
      (n.document ?? "").replace(/\D/g, "").includes(folded.replace(/\D/g, "") || "\u0000");
    const rank = (n: InvNode) => (n.id === selected ? 0 : highlighted.has(n.id) ? 1 : pinned.has(n.id) ? 2 : 3);
    return nodes.filter(match).sort((a, b) => rank(a) - rank(b) || b.degree - a.degree || a.label.localeCompare(b.label, "pt-BR"));
  }, [nodes, filter, selected, highlighted, pinned]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-zinc-200 p-2">
        <label htmlFor="investigate-list-filter" className="sr-only">
          Filtrar nós por nome ou documento
        </label>
        <input
          id="investigate-list-filter"
          type="search"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setShown(PAGE);
          }}
          placeholder="Filtrar por nome ou documento"
          className="h-9 w-full rounded-md border border-zinc-300 px-2.5 text-sm"
        />
        <p className="mt-1 text-xs text-zinc-600" aria-live="polite" data-testid="investigate-list-count">
          {sorted.length.toLocaleString("pt-BR")} de {nodes.length.toLocaleString("pt-BR")} nós
        </p>
      </div>
      <ul aria-label="Nós do grafo" data-testid="investigate-node-list" className="min-h-0 flex-1 divide-y divide-zinc-100 overflow-y-auto">
        {sorted.slice(0, shown).map((n) => (
          <li key={n.id}>
            <button
              type="button"
              data-testid="investigate-node"
              data-node-id={n.id}
              data-node-type={n.type}
              aria-pressed={n.id === selected}
              onClick={() => onSelect(n.id)}
              className={
                "flex w-full items-start gap-2 px-3 py-2 text-left text-sm hover:bg-zinc-50 focus-visible:bg-zinc-50 " +
                (n.id === selected ? "bg-brand-50" : highlighted.has(n.id) ? "bg-amber-50" : "")
              }
            >
              <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full" style={{ background: nodeColor(n, layers) }} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-zinc-900">{n.label}</span>
                <span className="block truncate text-xs text-zinc-600">
                  {nodeTypeLabel(n.type)}
                  {n.document ? ` · ${n.document}` : ""} · {n.degree} {n.degree === 1 ? "ligação" : "ligações"}
                  {pinned.has(n.id) ? " · fixado" : ""}
                  {n.flags.length > 0 ? ` · ${n.flags.map(flagLabel).join(", ")}` : ""}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {sorted.length > shown ? (
        <button
          type="button"
          className="border-t border-zinc-200 p-2 text-sm text-brand-700 hover:underline"
          onClick={() => setShown((s) => s + PAGE)}
        >
          Mostrar mais {Math.min(PAGE, sorted.length - shown).toLocaleString("pt-BR")} nós
        </button>
      ) : null}
    </div>
  );
}
