import { nodeColor, nodeSize } from "./style";
import type { Layers } from "./graph-state";
import type { InvEdge, InvNode, Position } from "./types";

// "PNG": the shown graph drawn on a 2D canvas from the same positions and colours as the WebGL
// view (sigma's WebGL buffer is not kept between frames), labels of the 200 most connected nodes.

const SIDE = 2400;
const MARGIN = 40;

export function graphToPng(
  title: string,
  nodes: InvNode[],
  edges: InvEdge[],
  positions: Map<string, Position>,
  layers: Layers,
): Promise<Blob> {
  const pts = nodes.map((n) => positions.get(n.id) ?? { x: 0, y: 0 });
  const minX = Math.min(...pts.map((p) => p.x)),
    maxX = Math.max(...pts.map((p) => p.x));
  const minY = Math.min(...pts.map((p) => p.y)),
    maxY = Math.max(...pts.map((p) => p.y));
  const scale = (SIDE - 2 * MARGIN) / Math.max(maxX - minX, maxY - minY, 1);
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil((maxX - minX) * scale + 2 * MARGIN);
  canvas.height = Math.ceil((maxY - minY) * scale + 2 * MARGIN + 40);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#18181b";
  ctx.font = "bold 18px sans-serif";
  ctx.fillText(title, MARGIN, 28);
  // graph y grows upwards (sigma), the canvas's downwards
  const at = (p: Position) => ({ x: MARGIN + (p.x - minX) * scale, y: 40 + MARGIN + (maxY - p.y) * scale });
  ctx.strokeStyle = "#d4d4d8";
  ctx.lineWidth = 1;
  for (const e of edges) {
    const a = positions.get(e.source),
      b = positions.get(e.target);
    if (!a || !b) continue;
    const pa = at(a),
      pb = at(b);
    ctx.beginPath();
    ctx.moveTo(pa.x, pa.y);
    ctx.lineTo(pb.x, pb.y);
    ctx.stroke();
  }
  nodes.forEach((n, i) => {
    const p = at(pts[i]!);
    ctx.fillStyle = nodeColor(n, layers);
    ctx.beginPath();
    ctx.arc(p.x, p.y, nodeSize(n), 0, 2 * Math.PI);
    ctx.fill();
  });
  ctx.fillStyle = "#27272a";
  ctx.font = "11px sans-serif";
  for (const n of [...nodes].sort((a, b) => b.degree - a.degree).slice(0, 200)) {
    const p = at(positions.get(n.id) ?? { x: 0, y: 0 });
    ctx.fillText(n.label.slice(0, 40), p.x + nodeSize(n) + 2, p.y + 4);
  }
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("PNG"))), "image/png"));
}
