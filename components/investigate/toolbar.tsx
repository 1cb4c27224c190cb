"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import type { Layers } from "./graph-state";
import { LAYER_LABELS } from "./labels";

// The toolbar's parts: the layers, "Caminho até…", "Exportar" and the start form.

export function LayersBar({ layers, onChange }: { layers: Layers; onChange: (layers: Layers) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="investigate-layers">
      <legend className="sr-only">Camadas</legend>
      <span aria-hidden="true" className="text-xs font-medium text-zinc-600">
        Camadas:
      </span>
      {(Object.keys(LAYER_LABELS) as Array<keyof Layers>).map((key) => (
        <label key={key} className="inline-flex items-center gap-1.5 text-sm text-zinc-800">
          <input
            type="checkbox"
            checked={layers[key]}
            data-testid={`investigate-layer-${key}`}
            onChange={(e) => onChange({ ...layers, [key]: e.target.checked })}
            className="size-4 accent-brand-600"
          />
          {LAYER_LABELS[key]}
        </label>
      ))}
    </fieldset>
  );
}

export function PathForm({
  busy,
  fromLabel,
  onSubmit,
}: {
  busy: boolean;
  fromLabel: string | null;
  onSubmit: (to: string, maxDepth: number, k: number) => void;
}) {
  const [to, setTo] = useState("");
  const [maxDepth, setMaxDepth] = useState(4);
  const [k, setK] = useState(3);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (to.trim()) onSubmit(to.trim(), maxDepth, k);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" data-testid="investigate-path-form" aria-label="Caminho até">
      <div>
        <label htmlFor="investigate-path-to" className="block text-xs font-medium text-zinc-600">
          Caminho até… {fromLabel ? <span className="font-normal">(a partir de {fromLabel})</span> : null}
        </label>
        <input
          id="investigate-path-to"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          placeholder="CNPJ ou CPF"
          inputMode="numeric"
          className="h-9 w-48 rounded-md border border-zinc-300 px-2.5 text-sm"
        />
      </div>
      <div>
        <label htmlFor="investigate-path-depth" className="block text-xs font-medium text-zinc-600">
          Até
        </label>
        <select
          id="investigate-path-depth"
          value={maxDepth}
          onChange={(e) => setMaxDepth(Number(e.target.value))}
          className="h-9 rounded-md border border-zinc-300 px-2 text-sm"
        >
          {[1, 2, 3, 4, 5, 6].map((d) => (
            <option key={d} value={d}>
              {d} {d === 1 ? "passo" : "passos"}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="investigate-path-k" className="block text-xs font-medium text-zinc-600">
          Caminhos
        </label>
        <select
          id="investigate-path-k"
          value={k}
          onChange={(e) => setK(Number(e.target.value))}
          className="h-9 rounded-md border border-zinc-300 px-2 text-sm"
        >
          {[1, 2, 3, 4, 5].map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={busy || !fromLabel} data-testid="investigate-path-submit">
        {busy ? "Buscando…" : "Buscar caminho"}
      </Button>
    </form>
  );
}

export function StartForm({ onStart, error }: { onStart: (text: string) => void; error?: string | null }) {
  const [text, setText] = useState("");
  return (
    <form
      className="mx-auto flex max-w-md flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onStart(text.trim());
      }}
      data-testid="investigate-start"
    >
      <label htmlFor="investigate-start-input" className="text-sm font-medium text-zinc-900">
        Comece por uma empresa ou pessoa
      </label>
      <div className="flex gap-2">
        <input
          id="investigate-start-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="CNPJ, ou CPF de um caso do workspace"
          className="h-9 min-w-0 flex-1 rounded-md border border-zinc-300 px-2.5 text-sm"
          aria-describedby="investigate-start-help"
        />
        <Button type="submit" variant="primary">
          Investigar
        </Button>
      </div>
      <p id="investigate-start-help" className="text-xs text-zinc-600">
        Ou abra a investigação pelo link “Investigar” de um caso, de uma empresa ou de uma parte relacionada.
      </p>
      {error ? (
        <p className="text-sm text-rose-700" role="status">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export const EXPORTS = [
  { format: "graphml", label: "GraphML (Gephi, yEd)" },
  { format: "csv-nodes", label: "CSV dos nós" },
  { format: "csv-edges", label: "CSV das ligações" },
  { format: "png", label: "PNG" },
  { format: "json", label: "JSON" },
] as const;
export type ExportChoice = (typeof EXPORTS)[number]["format"];

export function ExportMenu({ disabled, onExport }: { disabled: boolean; onExport: (format: ExportChoice) => void }) {
  return (
    <div className="flex items-end gap-2">
      <div>
        <label htmlFor="investigate-export" className="block text-xs font-medium text-zinc-600">
          Exportar
        </label>
        <select
          id="investigate-export"
          data-testid="investigate-export"
          disabled={disabled}
          defaultValue=""
          onChange={(e) => {
            const value = e.target.value as ExportChoice | "";
            e.target.value = "";
            if (value) onExport(value);
          }}
          className="h-9 rounded-md border border-zinc-300 px-2 text-sm"
        >
          <option value="" disabled>
            Escolha o formato…
          </option>
          {EXPORTS.map((x) => (
            <option key={x.format} value={x.format}>
              {x.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
