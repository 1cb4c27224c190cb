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

/** A name's label under its node: whole words on up to three lines of at most `max` pixels (a word longer than a line is split). */
export function wrapLabel(text: string, max: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= max || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
    while (measure(line) > max && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measure(line.slice(0, cut)) > max) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The export's file name: the title folded to ASCII words ("Rede de processos – Oliveira Agropecuária Ltda" → rede-de-processos-oliveira-agropecuaria-ltda.png). */
export function exportFileName(title: string, extension: "png" | "json"): string {
  const slug = title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const named = slug.startsWith("rede") ? slug : `rede-de-processos${slug ? `-${slug}` : ""}`;
  return `${named}.${extension}`;
}

const LABEL_WIDTH = 150;

/** Draws the nodes and edges onto a canvas and returns a PNG data URL. Names are drawn whole, wrapped under their node. */
export function networkToPng(title: string, nodes: GraphNode[], edges: GraphEdge[], faded: Set<string>): string {
  const measureCanvas = document.createElement("canvas").getContext("2d")!;
  const fontOf = (n: GraphNode) => `${n.depth === 0 ? "bold 14" : "11"}px sans-serif`;
  const labels = new Map(
    nodes.map((n) => {
      measureCanvas.font = fontOf(n);
      return [n.id, wrapLabel(n.name, n.depth === 0 ? LABEL_WIDTH * 1.6 : LABEL_WIDTH, (s) => measureCanvas.measureText(s).width)];
    }),
  );
  // the drawing's bounds take in the labels, so a name at the edge is not cut by the image's border
  const minX = Math.min(...nodes.map((n) => n.x)) - MARGIN - LABEL_WIDTH / 2,
    maxX = Math.max(...nodes.map((n) => n.x)) + MARGIN + LABEL_WIDTH / 2;
  const minY = Math.min(...nodes.map((n) => n.y)) - MARGIN,
    maxY = Math.max(...nodes.map((n) => n.y + radiusOf(n) + 14 * (labels.get(n.id)?.length ?? 1))) + MARGIN;
  const scale = Math.min(1.5, MAX_SIDE / Math.max(maxX - minX, maxY - minY));
  measureCanvas.font = "bold 20px sans-serif";
  const width = Math.ceil(Math.max((maxX - minX) * scale, measureCanvas.measureText(title).width + 40));
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
  const offset = (width - (maxX - minX) * scale) / 2;
  const px = (x: number) => (x - minX) * scale + offset;
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
    ctx.font = fontOf(n);
    ctx.textAlign = "center";
    (labels.get(n.id) ?? [n.name]).forEach((line, i) => ctx.fillText(line, px(n.x), py(n.y) + r + 12 + i * 13));
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
