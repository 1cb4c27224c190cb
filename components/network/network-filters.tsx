"use client";

import { useId, useState } from "react";
import type { GraphNode } from "@/lib/network/graph";
import { searchNodes, type NetworkFilters } from "@/lib/network/filter";
import { RELATION_LABELS, RELATION_TYPES } from "@/lib/network/labels";

// Filters shared by the graph and the list: relation type, "só com processos", "só como réu",
// depth, and a search that finds a node by name.

export function NetworkFiltersBar({
  filters,
  onChange,
  maxDepth,
  nodes,
  onFound,
}: {
  filters: NetworkFilters;
  onChange: (next: NetworkFilters) => void;
  maxDepth: number;
  nodes: readonly GraphNode[];
  onFound: (id: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const results = searchNodes(nodes, filters.search);
  const toggle = (relation: string) => {
    const has = filters.relations.includes(relation);
    onChange({ ...filters, relations: has ? filters.relations.filter((r) => r !== relation) : [...filters.relations, relation] });
  };
  return (
    <div data-testid="network-filters" className="flex flex-wrap items-end gap-x-5 gap-y-3 text-sm">
      <fieldset>
        <legend className="mb-1 text-xs font-medium text-zinc-600">Tipo de vínculo</legend>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {RELATION_TYPES.map((relation) => (
            <label key={relation} className="flex items-center gap-1.5 text-zinc-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={filters.relations.includes(relation)}
                onChange={() => toggle(relation)}
                data-relation={relation}
              />
              {RELATION_LABELS[relation]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-1.5 text-zinc-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={filters.withLawsuits}
            onChange={(e) => onChange({ ...filters, withLawsuits: e.target.checked })}
          />
          Só com processos
        </label>
        <label className="flex items-center gap-1.5 text-zinc-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={filters.asDefendant}
            onChange={(e) => onChange({ ...filters, asDefendant: e.target.checked })}
          />
          Só como réu
        </label>
      </div>
      {maxDepth > 1 ? (
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
          Profundidade
          <select
            className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900"
            value={Math.min(filters.depth, maxDepth)}
            onChange={(e) => onChange({ ...filters, depth: Number(e.target.value) })}
          >
            {Array.from({ length: maxDepth }, (_, i) => i + 1).map((depth) => (
              <option key={depth} value={depth}>
                {depth === 1 ? "1 nível (vínculos diretos)" : depth === maxDepth ? `${depth} níveis (todos)` : `${depth} níveis`}
              </option>
            ))}
          </select>
        </label>
      ) : (
        // The network route lists the relations the related module shows: beyond the direct ones
        // only when they carry `via` (the huge_network example). A one-level network has nothing to choose.
        <p className="flex flex-col gap-1 text-xs font-medium text-zinc-600" data-testid="network-depth-single">
          Profundidade
          <span className="flex h-9 items-center text-sm font-normal text-zinc-800">1 nível: só vínculos diretos</span>
        </p>
      )}
      <div className="relative min-w-56 flex-1">
        <label htmlFor={`${id}-search`} className="mb-1 block text-xs font-medium text-zinc-600">
          Buscar por nome
        </label>
        <input
          id={`${id}-search`}
          type="search"
          role="combobox"
          aria-expanded={open && results.length > 0}
          aria-controls={open && results.length > 0 ? `${id}-results` : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          placeholder="Nome da pessoa ou empresa"
          className="h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 placeholder:text-zinc-500"
          value={filters.search}
          onChange={(e) => {
            onChange({ ...filters, search: e.target.value });
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && results[0]) {
              e.preventDefault();
              onFound(results[0].id);
              setOpen(false);
            }
            if (e.key === "Escape") setOpen(false);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {open && results.length > 0 ? (
          <ul
            id={`${id}-results`}
            role="listbox"
            aria-label="Resultados da busca"
            className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-zinc-200 bg-white py-1 shadow-lg"
          >
            {results.map((node) => (
              <li key={node.id} role="option" aria-selected="false">
                <button
                  type="button"
                  className="block w-full truncate px-3 py-1.5 text-left text-sm text-zinc-800 hover:bg-zinc-100"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    onFound(node.id);
                    setOpen(false);
                  }}
                >
                  {node.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
