"use client";

import dynamic from "next/dynamic";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { InvState, Layers } from "./graph-state";
import type { InvEdge, InvNode, Position } from "./types";

// The canvas's column: the WebGL graph (loaded in the browser only), its zoom and fit buttons, and
// the counts of what is shown, with the hidden nodes and "mostrar" to bring them back.

const GraphCanvas = dynamic(() => import("./graph-canvas"), { ssr: false, loading: () => <Skeleton className="h-full w-full" /> });

export function GraphPane({
  nodes,
  edges,
  state,
  layers,
  selected,
  highlight,
  onSelect,
  onMoved,
  onShowAll,
}: {
  nodes: InvNode[];
  edges: InvEdge[];
  state: Pick<InvState, "positions" | "pinned" | "hidden">;
  layers: Layers;
  selected: string | null;
  highlight: { nodes: Set<string>; edges: Set<string> };
  onSelect: (id: string | null) => void;
  onMoved: (id: string, position: Position) => void;
  onShowAll: () => void;
}) {
  const camera = useRef<{ fit: () => void; zoom: (by: number) => void } | null>(null);
  return (
    <div className="relative h-[60vh] overflow-hidden rounded-lg border border-zinc-200 bg-white lg:h-auto">
      <GraphCanvas
        nodes={nodes}
        edges={edges}
        positions={state.positions}
        layers={layers}
        selected={selected}
        highlight={highlight}
        pinned={state.pinned}
        onSelect={onSelect}
        onMoved={onMoved}
        onReady={(api) => (camera.current = api)}
      />
      <div className="absolute top-2 right-2 flex gap-1">
        <Button size="sm" onClick={() => camera.current?.zoom(1.5)} aria-label="Aproximar">
          +
        </Button>
        <Button size="sm" onClick={() => camera.current?.zoom(1 / 1.5)} aria-label="Afastar">
          −
        </Button>
        <Button size="sm" onClick={() => camera.current?.fit()}>
          Ajustar
        </Button>
      </div>
      <p className="absolute bottom-2 left-2 rounded bg-white/90 px-2 py-0.5 text-xs text-zinc-600" data-testid="investigate-counts">
        {nodes.length.toLocaleString("pt-BR")} nós · {edges.length.toLocaleString("pt-BR")} ligações
        {state.hidden.size > 0 ? (
          <>
            {" "}
            · {state.hidden.size} ocultos{" "}
            <button type="button" className="text-brand-700 underline" onClick={onShowAll}>
              mostrar
            </button>
          </>
        ) : null}
      </p>
    </div>
  );
}
