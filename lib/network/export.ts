// "Exportar": the shown network as a PNG drawn on a canvas from the same positions as the graph
// (no DOM screenshot library), and as JSON.
import { radiusOf, type GraphEdge, type GraphNode } from "./graph";
import { edgeStyleOf } from "./edge-style";
import { RISK_META, RISK_ORDER, relationLabel } from "./labels";
import type { NetworkFilters } from "./filter";

const MAX_SIDE = 3000;
const MARGIN = 60;
const HEADER = 70;

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, radius: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, size, size, radius);
}

/** Draws the nodes and edges onto a canvas and returns a PNG data URL. */
export function networkToPng(title: string, nodes: GraphNode[], edges: GraphEdge[], faded: Set<string>): string {
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  const minX = Math.min(...xs) - MARGIN,
    maxX = Math.max(...xs) + MARGIN;
  const minY = Math.min(...ys) - MARGIN,
    maxY = Math.max(...ys) + MARGIN;
  const scale = Math.min(1.5, MAX_SIDE / Math.max(maxX - minX, maxY - minY));
  const width = Math.ceil((maxX - minX) * scale);
  const height = Math.ceil((maxY - minY) * scale) + HEADER;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#18181b";
  ctx.font = "bold 20px sans-serif";
  ctx.fillText(title, 20, 30);
  ctx.font = "13px sans-serif";
  let lx = 20;
  for (const risk of RISK_ORDER) {
    ctx.fillStyle = RISK_META[risk].color;
    ctx.beginPath();
    ctx.arc(lx + 6, 52, 6, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#3f3f46";
    ctx.fillText(RISK_META[risk].label, lx + 16, 57);
    lx += 24 + ctx.measureText(RISK_META[risk].label).width;
  }
  const px = (x: number) => (x - minX) * scale;
  const py = (y: number) => (y - minY) * scale + HEADER;
  const at = new Map(nodes.map((n) => [n.id, n]));
  ctx.lineWidth = 1.2;
  for (const e of edges) {
    const a = at.get(e.source),
      b = at.get(e.target);
    if (!a || !b) continue;
    const style = edgeStyleOf(e.relation);
    ctx.strokeStyle = style.color;
    ctx.setLineDash(style.dash);
    ctx.globalAlpha = faded.has(e.target) ? 0.3 : 0.8;
    ctx.beginPath();
    ctx.moveTo(px(a.x), py(a.y));
    ctx.lineTo(px(b.x), py(b.y));
    ctx.stroke();
  }
  ctx.setLineDash([]);
  for (const n of nodes) {
    const r = radiusOf(n) * scale;
    ctx.globalAlpha = faded.has(n.id) ? 0.3 : 1;
    ctx.fillStyle = n.depth === 0 ? "#18181b" : RISK_META[n.risk].color;
    if (n.entity === "company") roundedRect(ctx, px(n.x) - r, py(n.y) - r, r * 2, r * 0.44);
    else {
      ctx.beginPath();
      ctx.arc(px(n.x), py(n.y), r, 0, Math.PI * 2);
    }
    ctx.fill();
    ctx.fillStyle = "#27272a";
    ctx.font = `${n.depth === 0 ? "bold 14" : "11"}px sans-serif`;
    ctx.textAlign = "center";
    const name = n.name.length > 28 ? `${n.name.slice(0, 27)}…` : n.name;
    ctx.fillText(name, px(n.x), py(n.y) + r + 12);
    ctx.textAlign = "start";
  }
  ctx.globalAlpha = 1;
  return canvas.toDataURL("image/png");
}

/** The shown network as JSON (documents masked, as the console shows them). */
export function networkToJson(subject: GraphNode, nodes: GraphNode[], edges: GraphEdge[], filters: NetworkFilters): string {
  const names = new Map([subject, ...nodes].map((n) => [n.id, n.name]));
  return JSON.stringify(
    {
      exportedAt: new Date().toISOString(),
      subject: { name: subject.name, entity: subject.entity, document: subject.document },
      filters,
      nodes: nodes.map((n) => ({
        id: n.id,
        name: n.name,
        entity: n.entity,
        document: n.document,
        depth: n.depth,
        linkedTo: names.get(n.parent ?? "") ?? null,
        relation: n.relation,
        relationLabel: relationLabel(n.relation),
        role: n.role,
        lawsuits: n.lawsuits,
        asDefendant: n.counters?.asDefendant ?? null,
        activeAsDefendant: n.activeAsDefendant,
        restrictiveList: n.restrictiveList,
        risk: n.risk,
        riskLabel: RISK_META[n.risk].label,
        queryStatus: n.queryStatus,
        indicators: n.indicators,
        counters: n.counters,
      })),
      edges: edges.map((e) => ({
        source: names.get(e.source) ?? e.source,
        target: names.get(e.target) ?? e.target,
        relation: e.relation,
        role: e.role,
      })),
    },
    null,
    2,
  );
}

export function download(filename: string, href: string): void {
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
