"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { edgeTypeLabel, flagLabel, nodeTypeLabel } from "./labels";
import type { InvEdge, InvNode } from "./types";

// The side panel of the selected node: its registry data (as the service gives it, with the
// source and release of each of its links), its cases in this workspace, and what the
// investigator can do with it: expand by 1, 2 or 3 levels (keys 1 to 3), pin, select its
// neighbours, hide it, find a path from the start to it.

const ATTRIBUTE_LABELS: Record<string, string> = {
  status: "Situação",
  city: "Município",
  uf: "UF",
  cnae: "CNAE principal",
  openedAt: "Abertura",
  capital: "Capital social",
  court: "Tribunal",
  subject: "Assunto",
  qualification: "Qualificação",
  ageBand: "Faixa etária",
  name: "Nome",
};

export function NodePanel({
  node,
  edges,
  labelOf,
  pinned,
  busy,
  onExpand,
  onPin,
  onNeighbours,
  onHide,
  onPathFromRoot,
  onClose,
}: {
  node: InvNode;
  edges: InvEdge[];
  labelOf: (id: string) => string;
  pinned: boolean;
  busy: boolean;
  onExpand: (depth: 1 | 2 | 3) => void;
  onPin: () => void;
  onNeighbours: () => void;
  onHide: () => void;
  onPathFromRoot: (() => void) | null;
  onClose: () => void;
}) {
  const attributes = Object.entries(node.attributes ?? {}).filter(([, v]) => v !== null && v !== "");
  const sources = [...new Set(edges.map((e) => [e.dataset, e.release].filter(Boolean).join(" ")))].filter(Boolean);
  return (
    <section aria-labelledby="investigate-panel-title" data-testid="investigate-panel" className="space-y-4 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-zinc-600 uppercase">{nodeTypeLabel(node.type)}</p>
          <h2 id="investigate-panel-title" className="text-base font-semibold break-words text-zinc-900">
            {node.label}
          </h2>
          {node.document ? (
            <p className="font-mono text-sm text-zinc-700" data-testid="investigate-panel-document">
              {node.document}
            </p>
          ) : null}
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Fechar o painel do nó">
          ✕
        </Button>
      </div>
      {node.flags.length > 0 ? (
        <div className="flex flex-wrap gap-1.5">
          {node.flags.map((f) => (
            <Badge key={f} tone={f === "sanctioned" ? "danger" : f === "restrictive" ? "warning" : f === "case" ? "info" : "neutral"} dot>
              {flagLabel(f)}
            </Badge>
          ))}
        </div>
      ) : null}

      <div>
        <p className="mb-1.5 text-xs text-zinc-600">Expandir (teclas 1, 2 e 3)</p>
        <div className="flex gap-1.5" role="group" aria-label="Expandir o nó">
          {([1, 2, 3] as const).map((d) => (
            <Button key={d} size="sm" disabled={busy} onClick={() => onExpand(d)} data-testid={`investigate-expand-${d}`}>
              {d} {d === 1 ? "nível" : "níveis"}
            </Button>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="secondary" onClick={onPin} aria-pressed={pinned} data-testid="investigate-pin">
          {pinned ? "Soltar" : "Fixar"}
        </Button>
        <Button size="sm" variant="secondary" onClick={onNeighbours} data-testid="investigate-neighbours">
          Selecionar vizinhos
        </Button>
        <Button size="sm" variant="secondary" onClick={onHide} data-testid="investigate-hide">
          Ocultar
        </Button>
        {onPathFromRoot ? (
          <Button size="sm" variant="secondary" onClick={onPathFromRoot} data-testid="investigate-path-here">
            Caminho até aqui
          </Button>
        ) : null}
      </div>

      {attributes.length > 0 ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-zinc-900">Dados do registro</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="investigate-panel-attributes">
            {attributes.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-zinc-600">{ATTRIBUTE_LABELS[k] ?? k}</dt>
                <dd className="break-words text-zinc-900">{typeof v === "boolean" ? (v ? "sim" : "não") : String(v)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}

      <div>
        <h3 className="mb-1 text-sm font-semibold text-zinc-900">Casos neste workspace</h3>
        {node.cases.length === 0 ? (
          <p className="text-sm text-zinc-600">Nenhum caso sobre este nó.</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="investigate-panel-cases">
            {node.cases.map((id) => (
              <li key={id}>
                <Link href={`/verifications/${id}`} className="text-brand-700 hover:underline">
                  Caso {id.slice(0, 8)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div>
        <h3 className="mb-1 text-sm font-semibold text-zinc-900">Ligações mostradas ({edges.length.toLocaleString("pt-BR")})</h3>
        <ul
          className="max-h-56 space-y-1 overflow-y-auto text-sm"
          data-testid="investigate-panel-edges"
          tabIndex={0}
          aria-label="Ligações do nó"
        >
          {edges.slice(0, 50).map((e) => {
            const other = e.source === node.id ? e.target : e.source;
            return (
              <li key={e.id} className="text-zinc-700">
                <span className="text-zinc-900">{edgeTypeLabel(e.type)}</span>
                {e.role ? ` (${e.role})` : ""} · {labelOf(other)}
                {e.confidence === "probable" ? " · provável" : ""}
                {e.count ? ` · ${e.count} estabelecimentos` : ""}
              </li>
            );
          })}
        </ul>
        {sources.length > 0 ? <p className="mt-1 text-xs text-zinc-600">Fontes: {sources.join(", ")}</p> : null}
      </div>
    </section>
  );
}
