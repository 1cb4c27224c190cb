import type { Layers } from "./graph-state";
import { FLAG_COLORS, TYPE_COLORS } from "./labels";
import type { InvNode } from "./types";

// How a node looks, the same on the canvas, in the list's dots and in the PNG export. Apart from
// the canvas so the list and the export do not pull WebGL code into the server's render.

export function nodeColor(n: InvNode, layers: Layers): string {
  if (layers.sanctions && n.flags.includes("sanctioned")) return FLAG_COLORS.sanctioned;
  if (layers.restrictive && n.flags.includes("restrictive")) return FLAG_COLORS.restrictive;
  if (layers.inactive && n.flags.includes("inactive")) return FLAG_COLORS.inactive;
  return TYPE_COLORS[n.type] ?? "#52525b";
}

export const nodeSize = (n: InvNode) => Math.min(16, 3 + Math.sqrt(Math.max(n.degree, 0)) * 1.4);
