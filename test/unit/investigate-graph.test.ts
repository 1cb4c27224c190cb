// The investigation page's plain parts (components/investigate): merging answers (positions kept,
// hidden nodes shown again), the layers (lawsuits and shared contacts out, flags only recoloured),
// snapshots given back as saved, the GraphML/CSV exports (well-formed, every data key declared,
// escaped, formula-safe), what "Caminho até…" accepts, and the omitted-nodes message.
import { describe, expect, it } from "vitest";
import type { GraphEdge, GraphNode } from "../../lib/contract/graph";
import { readNodeInput } from "../../lib/graph/node-input";
import { edgesCsv, nodesCsv, toGraphML } from "../../components/investigate/export-formats";
import {
  ALL_LAYERS,
  emptyState,
  fromSnapshot,
  mergeAnswer,
  neighboursOf,
  toSnapshot,
  visibleGraph,
} from "../../components/investigate/graph-state";
import { omittedMessage } from "../../components/investigate/labels";
import { layoutPositions } from "../../components/investigate/layout";

const node = (id: string, type: GraphNode["type"], label: string, flags: GraphNode["flags"] = []): GraphNode => ({
  id,
  type,
  label,
  document: type === "company" ? id.slice(8) : null,
  flags,
  cases: [],
  degree: 1,
  attributes: {},
});
const edge = (source: string, target: string, type: GraphEdge["type"]): GraphEdge => ({
  id: `${type}:${source}|${target}`,
  source,
  target,
  type,
  role: null,
  since: null,
  dataset: "receita",
  release: "2025-06",
  confidence: "exact",
  count: type.startsWith("same_") ? 3 : null,
});

const A = "company:11222333000181";
const B = "company:22333444000190";
const C = "company:33444555000100";
const P = "partner:***123456**:MARIA DA SILVA";
const L = "lawsuit:0001234-56.2024.8.26.0100";

const answer = {
  nodes: [
    node(A, "company", "Alfa Ltda"),
    node(P, "partner", "MARIA DA SILVA"),
    node(B, "company", "Beta & <Cia>", ["sanctioned"]),
    node(L, "lawsuit", "0001234-56"),
  ],
  edges: [edge(A, P, "partner"), edge(B, P, "partner"), edge(A, L, "lawsuit")],
  truncated: false,
  omitted: [],
  releases: ["2025-06"],
};

describe("graph state", () => {
  it("merges answers: new nodes placed, known ones kept where they are, releases collected", () => {
    const one = mergeAnswer(emptyState(), answer, A);
    const moved = { ...one, positions: new Map(one.positions).set(A, { x: 99, y: 99 }) };
    const two = mergeAnswer(
      moved,
      { nodes: [node(A, "company", "Alfa Ltda"), node(C, "company", "Gama")], edges: [edge(A, C, "same_address")] },
      A,
    );
    expect(two.nodes.size).toBe(5);
    expect(two.positions.get(A)).toEqual({ x: 99, y: 99 });
    expect(two.positions.has(C)).toBe(true);
    expect([...two.releases]).toEqual(["2025-06"]);
    expect(neighboursOf(two, A).sort()).toEqual([C, L, P].sort());
  });

  it("drops an edge whose ends are not both in the graph", () => {
    const s = mergeAnswer(emptyState(), { nodes: [node(A, "company", "Alfa")], edges: [edge(A, B, "partner")] });
    expect(s.edges.size).toBe(0);
  });

  it("layers: lawsuits off removes lawsuit nodes; contacts off removes same_* edges and the nodes only they brought", () => {
    const s = mergeAnswer(mergeAnswer(emptyState(), answer), { nodes: [node(C, "company", "Gama")], edges: [edge(A, C, "same_phone")] });
    const all = visibleGraph(s, ALL_LAYERS);
    expect(all.nodes).toHaveLength(5);
    const noLawsuits = visibleGraph(s, { ...ALL_LAYERS, lawsuits: false });
    expect(noLawsuits.nodes.map((n) => n.id)).not.toContain(L);
    expect(noLawsuits.edges.some((e) => e.type === "lawsuit")).toBe(false);
    const noContacts = visibleGraph(s, { ...ALL_LAYERS, contacts: false });
    expect(noContacts.nodes.map((n) => n.id)).not.toContain(C);
    expect(noContacts.edges.some((e) => e.type.startsWith("same_"))).toBe(false);
    // a flag layer changes colours, not membership
    expect(visibleGraph(s, { ...ALL_LAYERS, sanctions: false }).nodes).toHaveLength(5);
  });

  it("hides a node and its edges", () => {
    const s = mergeAnswer(emptyState(), answer);
    const hidden = { ...s, hidden: new Set([P]) };
    const v = visibleGraph(hidden, ALL_LAYERS);
    expect(v.nodes.map((n) => n.id)).not.toContain(P);
    expect(v.edges.some((e) => e.source === P || e.target === P)).toBe(false);
  });

  it("a snapshot reopens with the positions and releases it was saved with", () => {
    const s = mergeAnswer(emptyState(), answer);
    const saved = toSnapshot(s);
    const back = fromSnapshot(JSON.parse(JSON.stringify(saved)));
    expect(back.nodes.size).toBe(4);
    expect(back.edges.size).toBe(3);
    expect(back.positions.get(A)).toEqual(saved.positions[A]);
    expect([...back.releases]).toEqual(["2025-06"]);
  });
});

describe("layout", () => {
  it("keeps a pinned node where it is and spreads the others", () => {
    const start = new Map([
      [A, { x: 0, y: 0 }],
      [B, { x: 1, y: 0 }],
      [P, { x: 0, y: 1 }],
    ]);
    const out = layoutPositions([A, B, P], [edge(A, P, "partner"), edge(B, P, "partner")], start, new Set([A]), 50);
    expect(out.get(A)).toEqual({ x: 0, y: 0 });
    expect(out.get(B)).not.toEqual({ x: 1, y: 0 });
    for (const p of out.values()) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
  });
});

/** A small well-formedness check: every tag closes in order, attributes quoted, entities known. */
function checkXml(text: string): void {
  const stack: string[] = [];
  for (const m of text.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|<\?xml[^?]*\?>/g)) {
    if (!m[2]) continue;
    if (m[1]) expect(stack.pop()).toBe(m[2]);
    else if (!m[4]) stack.push(m[2]);
  }
  expect(stack).toEqual([]);
  const stripped = text.replace(/<[^>]*>/g, "");
  expect(stripped).not.toMatch(/[<>]/);
  for (const m of stripped.matchAll(/&([a-z]+);/g)) expect(["amp", "lt", "gt", "quot", "apos"]).toContain(m[1]);
  expect(stripped).not.toMatch(/&(?![a-z]+;)/);
}

describe("GraphML", () => {
  it("is well-formed, declares every key it uses (label, type, flags…), escapes names and counts back", () => {
    const s = mergeAnswer(emptyState(), answer);
    const { nodes, edges } = visibleGraph(s, ALL_LAYERS);
    const xml = toGraphML(nodes, edges, s.positions);
    checkXml(xml);
    expect(xml).toContain('<graph id="lupa-investigacao" edgedefault="undirected">');
    const declared = new Set([...xml.matchAll(/<key id="([^"]+)"/g)].map((m) => m[1]));
    for (const k of ["n_label", "n_type", "n_flags", "n_document", "e_type", "e_release"]) expect(declared).toContain(k);
    for (const m of xml.matchAll(/<data key="([^"]+)"/g)) expect(declared).toContain(m[1]);
    expect([...xml.matchAll(/<node id=/g)]).toHaveLength(4);
    expect([...xml.matchAll(/<edge id=/g)]).toHaveLength(3);
    expect(xml).toContain("Beta &amp; &lt;Cia&gt;");
    expect(xml).toContain('<data key="n_flags">sanctioned</data>');
  });
});

describe("CSV", () => {
  it("writes nodes and edges for pt-BR spreadsheets, formula starts neutralised", () => {
    const nodes = [node(A, "company", '=HYPERLINK("x")')];
    const csv = nodesCsv(
      nodes,
      (t) => t,
      (f) => f,
    );
    expect(csv.startsWith("\uFEFFid;nome;tipo;documento;marcadores\r\n")).toBe(true);
    expect(csv).toContain(`${A};"'=HYPERLINK(""x"")";company`);
    const e = edgesCsv([edge(A, P, "partner")], () => "sócio");
    expect(e.split("\r\n")[1]).toBe(`${A};${P};sócio;;;receita;2025-06;exact`);
  });
});

describe("Caminho até… input", () => {
  it("reads node ids, CNPJs and CPFs, and refuses the rest", () => {
    expect(readNodeInput("11.222.333/0001-81")).toEqual({ kind: "cnpj", id: "company:11222333000181" });
    expect(readNodeInput("529.982.247-25")).toEqual({ kind: "cpf", digits: "52998224725" });
    expect(readNodeInput(A)).toEqual({ kind: "node", id: A });
    expect(readNodeInput(P)).toEqual({ kind: "node", id: P });
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(readNodeInput(`case:${id}`)).toEqual({ kind: "case", caseId: id });
    expect(readNodeInput(`related:${id}:ownerships-2`)).toEqual({ kind: "related", caseId: id, key: "ownerships-2" });
    expect(readNodeInput(`related:${id}:other-2`)).toEqual({ kind: "invalid" });
    expect(readNodeInput("enrichment:enr_01ABC")).toEqual({ kind: "enrichment", enrichmentId: "enr_01ABC" });
    expect(readNodeInput("12345")).toEqual({ kind: "invalid" });
    expect(readNodeInput("company:123")).toEqual({ kind: "invalid" });
    expect(readNodeInput("")).toEqual({ kind: "invalid" });
  });
});

describe("omitted message", () => {
  it("says how many nodes were left out and why, in pt-BR", () => {
    expect(omittedMessage([])).toBeNull();
    const text = omittedMessage(
      [
        { reason: "limit", count: 1200, type: null, value: null, node: null },
        { reason: "hub", count: 140, type: "same_address", value: "R DAS FLORES 10", node: A },
      ],
      200,
    );
    expect(text).toBe(
      "1.200 nós omitidos: os menos conectados, pelo limite de 200 · 1 valor compartilhado por mais de 50 estabelecimentos não ligado: endereço R DAS FLORES 10 (140 estabelecimentos)",
    );
  });
});
