"use client";

import { memo } from "react";
import type { Node, NodeProps } from "@xyflow/react";
import { radiusOf, type GraphNode } from "@/lib/network/graph";
import { RISK_META } from "@/lib/network/labels";
import { CompanyGlyph, PersonGlyph } from "./party-icons";

// One person (circle) or company (rounded square) of the graph: size from its lawsuit count,
// colour from its risk, name below. The subject is larger, ringed, in the centre. No handles: the
// edges are drawn by the canvas (one SVG), not by React Flow.

export type PartyNodeData = { node: GraphNode; faded: boolean; selected: boolean; highlighted: boolean };
export type PartyFlowNode = Node<PartyNodeData, "party">;

function PartyNodeView({ data }: NodeProps<PartyFlowNode>) {
  const { node, faded, selected, highlighted } = data;
  const r = radiusOf(node);
  const subject = node.depth === 0;
  const fill = subject ? "#18181b" : RISK_META[node.risk].color;
  const Glyph = node.entity === "company" ? CompanyGlyph : PersonGlyph;
  return (
    <div
      data-testid="graph-node"
      data-node-id={node.id}
      data-risk={node.risk}
      data-entity={node.entity}
      style={{ width: r * 2, height: r * 2, opacity: faded ? 0.3 : 1 }}
      className="relative"
      title={node.name}
    >
      <div
        className={`flex size-full items-center justify-center text-white ${node.entity === "company" ? "rounded-[22%]" : "rounded-full"}`}
        style={{
          background: fill,
          boxShadow:
            selected || highlighted
              ? `0 0 0 3px #ffffff, 0 0 0 6px ${highlighted ? "#0ea5e9" : "#18181b"}`
              : subject
                ? "0 0 0 3px #ffffff, 0 0 0 6px #a1a1aa"
                : "0 1px 2px rgb(0 0 0 / 0.25)",
          borderStyle: node.queryStatus === "failed" ? "dashed" : undefined,
        }}
      >
        <Glyph style={{ width: r, height: r }} />
      </div>
      <div
        className={`pointer-events-none absolute left-1/2 mt-1 w-max max-w-[160px] -translate-x-1/2 truncate rounded bg-white/85 px-1 text-center leading-tight text-zinc-800 ${subject ? "text-xs font-semibold" : "text-[10px]"}`}
        style={{ top: r * 2 }}
      >
        {node.name}
      </div>
    </div>
  );
}

export const PartyNode = memo(PartyNodeView);
