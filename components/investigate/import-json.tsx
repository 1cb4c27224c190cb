"use client";

import type { SnapshotBody } from "./types";

// "Abrir JSON…": a file input behind a button-like label (keyboard: the input takes the focus and
// the label shows its ring), on the empty page and in the toolbar; and the reading of the file (a
// graph the page exported: nodes, edges, positions, releases), with pt-BR messages when it is not.

/** The graph in a JSON file the page exported; throws a message for the investigator when it is not one. */
export async function readGraphFile(file: File): Promise<SnapshotBody> {
  let body: SnapshotBody;
  try {
    body = JSON.parse(await file.text()) as SnapshotBody;
  } catch {
    throw new Error("O arquivo não é um JSON válido.");
  }
  if (!body || !Array.isArray(body.nodes) || !Array.isArray(body.edges) || typeof body.positions !== "object")
    throw new Error("O arquivo não é um grafo exportado pelo Lupa (JSON com nós, ligações e posições).");
  return { nodes: body.nodes, edges: body.edges, positions: body.positions ?? {}, releases: body.releases ?? [] };
}

export function ImportJson({ onFile, compact = false }: { onFile: (file: File) => void; compact?: boolean }) {
  const id = compact ? "investigate-import-bar" : "investigate-import";
  return (
    <div className={compact ? "" : "mx-auto max-w-md"}>
      {compact ? null : <p className="mb-1 text-xs text-zinc-600">Ou abra um grafo exportado em JSON:</p>}
      <input
        id={id}
        data-testid={id}
        type="file"
        accept="application/json,.json"
        className="peer sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className="inline-flex h-9 cursor-pointer items-center rounded-md bg-white px-3.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 hover:bg-zinc-50"
      >
        Abrir JSON…
      </label>
    </div>
  );
}
