import { BOM, csvRow } from "@/lib/contract/format/csv";
import type { InvEdge, InvNode, Position } from "./types";

// "Exportar": the shown graph as GraphML (Gephi and yEd read it: typed <key>s for label, type,
// document, flags and the positions; edges with type, role, since, dataset, release, confidence),
// CSV of nodes and of edges (pt-BR spreadsheets: BOM, `;`, formula starts neutralised), and JSON
// (the snapshot's own shape). Plain functions: unit-tested in test/unit/investigate-export.test.ts.

const xml = (value: unknown): string =>
  String(value ?? "")
    // characters XML 1.0 forbids (control characters) go; the five specials are escaped
    // eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

const NODE_KEYS = [
  ["label", "string"],
  ["type", "string"],
  ["document", "string"],
  ["flags", "string"],
  ["x", "double"],
  ["y", "double"],
] as const;
const EDGE_KEYS = [
  ["type", "string"],
  ["role", "string"],
  ["since", "string"],
  ["dataset", "string"],
  ["release", "string"],
  ["confidence", "string"],
] as const;

export function toGraphML(nodes: InvNode[], edges: InvEdge[], positions: Map<string, Position>): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
  ];
  for (const [name, type] of NODE_KEYS) out.push(`  <key id="n_${name}" for="node" attr.name="${name}" attr.type="${type}"/>`);
  for (const [name, type] of EDGE_KEYS) out.push(`  <key id="e_${name}" for="edge" attr.name="${name}" attr.type="${type}"/>`);
  out.push('  <graph id="lupa-investigacao" edgedefault="undirected">');
  for (const n of nodes) {
    const p = positions.get(n.id);
    const data: Record<string, unknown> = {
      label: n.label,
      type: n.type,
      document: n.document ?? "",
      flags: n.flags.join(","),
      x: p?.x,
      y: p?.y,
    };
    out.push(`    <node id="${xml(n.id)}">`);
    for (const [name] of NODE_KEYS)
      if (data[name] !== undefined && data[name] !== "") out.push(`      <data key="n_${name}">${xml(data[name])}</data>`);
    out.push("    </node>");
  }
  edges.forEach((e, i) => {
    out.push(`    <edge id="e${i}" source="${xml(e.source)}" target="${xml(e.target)}">`);
    for (const [name] of EDGE_KEYS) {
      const value = e[name];
      if (value !== undefined && value !== null && value !== "") out.push(`      <data key="e_${name}">${xml(value)}</data>`);
    }
    out.push("    </edge>");
  });
  out.push("  </graph>", "</graphml>", "");
  return out.join("\n");
}

export function nodesCsv(nodes: InvNode[], typeLabel: (t: string) => string, flagLabel: (f: string) => string): string {
  return (
    BOM +
    csvRow(["id", "nome", "tipo", "documento", "marcadores"]) +
    nodes.map((n) => csvRow([n.id, n.label, typeLabel(n.type), n.document ?? "", n.flags.map(flagLabel).join(", ")])).join("")
  );
}

export function edgesCsv(edges: InvEdge[], typeLabel: (t: string) => string): string {
  return (
    BOM +
    csvRow(["origem", "destino", "tipo", "papel", "desde", "fonte", "release", "confianca"]) +
    edges
      .map((e) =>
        csvRow([e.source, e.target, typeLabel(e.type), e.role ?? "", e.since ?? "", e.dataset ?? "", e.release ?? "", e.confidence ?? ""]),
      )
      .join("")
  );
}

/** "investigacao-empresa-11222333000181-2026-12-06.graphml" */
export function investigateFileName(rootLabel: string | null, extension: string, now = new Date()): string {
  const slug = (rootLabel ?? "")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `investigacao${slug ? `-${slug}` : ""}-${now.toISOString().slice(0, 10)}.${extension}`;
}

export function downloadText(name: string, text: string, type: string): void {
  downloadBlob(name, new Blob([text], { type }));
}

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
