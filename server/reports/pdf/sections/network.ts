// The lawsuit network as a radial drawing: the holder at the centre, related parties around it,
// node size by lawsuit count, colour by status, companies as squares, edges by relation; a legend.
import type { ReportNetwork } from "../network";
import { C, CONTENT_W, PAGE, type Writer } from "../layout";
import { pluralize, winAnsi } from "../text";

const GROUP_COLORS: Record<string, string> = {
  kinship: "#7c3aed",
  partnership: "#2563eb",
  employment: "#0d9488",
  representation: "#c2410c",
  link: "#64748b",
};
const GROUP_LABELS: Record<string, string> = {
  kinship: "parentesco",
  partnership: "sociedade",
  employment: "emprego",
  representation: "representação",
  link: "vínculo",
};

export function networkDrawing(w: Writer, net: ReportNetwork) {
  const d = w.doc;
  const size = 300;
  if (net.nodes.length > 1) w.ensure(size + 70);
  w.subheading("Rede de processos");
  if (net.nodes.length <= 1) return w.note("Sem relacionados para desenhar.");
  const top = d.y;
  const cx = PAGE.margin + CONTENT_W / 2;
  const cy = top + size / 2;
  const ring = size / 2 - 30;
  const maxLawsuits = Math.max(1, ...net.nodes.map((n) => n.lawsuits ?? 0));
  const radius = (n: { lawsuits: number | null; holder: boolean }) => (n.holder ? 14 : 4 + 8 * Math.sqrt((n.lawsuits ?? 0) / maxLawsuits));
  const others = net.nodes.filter((n) => !n.holder);
  const pos = new Map<string, [number, number]>([["holder", [cx, cy]]]);
  others.forEach((n, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / others.length;
    pos.set(n.id, [cx + ring * Math.cos(angle), cy + ring * Math.sin(angle)]);
  });
  d.roundedRect(PAGE.margin, top, CONTENT_W, size, 6).lineWidth(0.5).strokeColor(C.line).stroke();
  for (const e of net.edges) {
    const [x1, y1] = pos.get(e.from)!;
    const [x2, y2] = pos.get(e.to)!;
    d.moveTo(x1, y1)
      .lineTo(x2, y2)
      .lineWidth(0.8)
      .strokeColor(GROUP_COLORS[e.group] ?? C.node)
      .strokeOpacity(0.7)
      .stroke();
  }
  d.strokeOpacity(1);
  for (const n of net.nodes) {
    const [x, y] = pos.get(n.id)!;
    const fill = n.holder ? C.brand : n.alert ? C.high : (n.lawsuits ?? 0) > 0 ? C.medium : C.low;
    const r = radius(n);
    if (n.entity === "company") d.rect(x - r, y - r, 2 * r, 2 * r).fillAndStroke(fill, "#ffffff");
    else d.circle(x, y, r).fillAndStroke(fill, "#ffffff");
    if (n.holder) continue;
    const angle = Math.atan2(y - cy, x - cx);
    const lx = x + Math.cos(angle) * (r + 4);
    const right = Math.cos(angle) >= 0;
    const text = winAnsi(`${n.name.length > 22 ? `${n.name.slice(0, 21)}…` : n.name}${n.lawsuits ? ` (${n.lawsuits})` : ""}`);
    d.fillColor(C.ink).font("Helvetica").fontSize(6);
    const tw = d.widthOfString(text);
    d.text(text, right ? lx : lx - tw, y + Math.sin(angle) * (r + 4) - 3, { lineBreak: false });
  }
  d.fillColor("#ffffff")
    .font("Helvetica-Bold")
    .fontSize(6)
    .text("Titular", cx - 20, cy - 3, { width: 40, align: "center", lineBreak: false });
  d.y = top + size + 6;
  d.x = PAGE.margin;
  // legend
  const legend: [string, string, "circle" | "square"][] = [
    [C.brand, "titular", "circle"],
    [C.low, "sem processos", "circle"],
    [C.medium, "com processos", "circle"],
    [C.high, "situação irregular/inativa", "circle"],
    [C.node, "empresa (quadrado)", "square"],
  ];
  let x = PAGE.margin;
  const y = d.y;
  for (const [color, text, shape] of legend) {
    if (shape === "circle") d.circle(x + 4, y + 4, 3.5).fill(color);
    else d.rect(x + 0.5, y + 0.5, 7, 7).fill(color);
    d.fillColor(C.muted)
      .font("Helvetica")
      .fontSize(7.5)
      .text(winAnsi(text), x + 11, y + 1, { lineBreak: false });
    x += 11 + d.widthOfString(winAnsi(text)) + 12;
  }
  d.y = y + 13;
  x = PAGE.margin;
  for (const [group, color] of Object.entries(GROUP_COLORS)) {
    if (!net.edges.some((e) => e.group === group)) continue;
    d.moveTo(x, d.y + 4)
      .lineTo(x + 14, d.y + 4)
      .lineWidth(1.5)
      .strokeColor(color)
      .stroke();
    d.fillColor(C.muted)
      .font("Helvetica")
      .fontSize(7.5)
      .text(winAnsi(GROUP_LABELS[group] ?? group), x + 18, d.y + 1, { lineBreak: false });
    x += 18 + d.widthOfString(winAnsi(GROUP_LABELS[group] ?? group)) + 12;
  }
  d.y += 13;
  d.x = PAGE.margin;
  w.note(
    `Tamanho do nó: número de processos (entre parênteses).${net.omitted ? ` ${pluralize(net.omitted, "relacionado com menos processos não desenhado", "relacionados com menos processos não desenhados")}.` : ""}`,
  );
}
