// A large investigation graph for the /investigate screenshots (issue 33: "a 2,000-node graph"),
// in the JSON the page exports and opens again ("Abrir JSON"): companies (a few holdings with many
// subsidiaries), registry partners with masked CPFs, lawsuits, shared addresses; some companies
// sanctioned, inactive or on the restrictive list. Deterministic (a seeded generator). Without
// positions: the page lays out a graph it opens without them (ForceAtlas2, as after an expansion),
// so the screenshots also show the 2,000-node layout in the browser.
import type { GraphEdge, GraphNode } from "../../lib/contract/graph";

function cnpjOf(i: number): string {
  const base = String(10_000_000 + i).padStart(8, "0") + "0001";
  const digit = (digits: string, weights: number[]) => {
    const sum = [...digits].reduce((s, d, k) => s + Number(d) * weights[k]!, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = digit(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${d1}${d2}`;
}

const fmtCnpj = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

const NAMES = ["ALFA", "BETA", "GAMA", "DELTA", "SIGMA", "ÔMEGA", "AURORA", "HORIZONTE", "PLANALTO", "LITORAL", "SERRA", "VALE"];
const KINDS = ["COMERCIO", "SERVICOS", "PARTICIPACOES", "TRANSPORTES", "AGROPECUARIA", "CONSTRUCOES"];
const PEOPLE = [
  "MARIA DA SILVA",
  "JOSE SANTOS",
  "ANA OLIVEIRA",
  "JOAO SOUZA",
  "PAULA LIMA",
  "CARLOS PEREIRA",
  "LUCIA COSTA",
  "PEDRO ALVES",
];

export function largeGraph(count = 2000): {
  nodes: GraphNode[];
  edges: GraphEdge[];
  positions: Record<string, { x: number; y: number }>;
  releases: string[];
} {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const degree = new Map<string, number>();
  const link = (source: string, target: string, type: GraphEdge["type"], role: string | null) => {
    edges.push({
      id: `${type}:${source}|${target}`,
      source,
      target,
      type,
      role,
      since: type === "partner" ? "2019-03-01" : null,
      dataset: type === "lawsuit" ? "lawsuits" : "receita",
      release: type === "lawsuit" ? "1.0" : "2025-06",
      confidence: "exact",
      count: type.startsWith("same_") ? 2 + Math.floor(rand() * 20) : null,
    });
    degree.set(source, (degree.get(source) ?? 0) + 1);
    degree.set(target, (degree.get(target) ?? 0) + 1);
  };
  const companies = Math.round(count * 0.55);
  const partners = Math.round(count * 0.3);
  const lawsuits = count - companies - partners;
  for (let i = 0; i < companies; i++) {
    const cnpj = cnpjOf(i);
    const r = rand();
    const flags: GraphNode["flags"] = r < 0.03 ? ["sanctioned"] : r < 0.06 ? ["restrictive"] : r < 0.15 ? ["inactive"] : [];
    nodes.push({
      id: `company:${cnpj}`,
      type: "company",
      label: `${NAMES[i % NAMES.length]} ${KINDS[i % KINDS.length]} ${i} LTDA`,
      document: fmtCnpj(cnpj),
      flags: i === 0 ? ["case"] : flags,
      cases: [],
      degree: 0,
      attributes: {
        status: flags.includes("inactive") ? "BAIXADA" : "ATIVA",
        city: "SAO PAULO",
        uf: "SP",
        cnae: "4711-3/02",
        openedAt: "2012-05-10",
      },
    });
  }
  for (let i = 0; i < partners; i++) {
    const six = String(100_000 + ((i * 7919) % 900_000)).padStart(6, "0");
    const name = `${PEOPLE[i % PEOPLE.length]} ${i}`;
    nodes.push({
      id: `partner:***${six}**:${name}`,
      type: "partner",
      label: name,
      document: `***.${six.slice(0, 3)}.${six.slice(3)}-**`,
      flags: [],
      cases: [],
      degree: 0,
      attributes: { qualification: "Sócio-Administrador" },
    });
  }
  for (let i = 0; i < lawsuits; i++) {
    const number = `${String(1_000_000 + i).padStart(7, "0")}-12.2023.8.26.0100`;
    nodes.push({
      id: `lawsuit:${number}`,
      type: "lawsuit",
      label: number,
      document: null,
      flags: [],
      cases: [],
      degree: 0,
      attributes: { court: "TJSP" },
    });
  }
  const company = (i: number) => nodes[i]!.id;
  // holdings: company 0..9 own many companies; the rest chain to an earlier one
  for (let i = 1; i < companies; i++)
    link(company(rand() < 0.35 ? Math.floor(rand() * 10) : Math.floor(rand() * i)), company(i), "partner", "Sócio Pessoa Jurídica");
  for (let p = 0; p < partners; p++) {
    const id = nodes[companies + p]!.id;
    const owned = 1 + Math.floor(rand() * 3);
    for (let k = 0; k < owned; k++) link(company(Math.floor(rand() * companies)), id, "partner", "Sócio-Administrador");
  }
  for (let l = 0; l < lawsuits; l++) {
    const id = nodes[companies + partners + l]!.id;
    link(company(Math.floor(rand() * companies)), id, "lawsuit", "Réu");
    if (rand() < 0.5) link(company(Math.floor(rand() * companies)), id, "lawsuit", "Autor");
  }
  for (let i = 0; i < companies / 10; i++)
    link(company(Math.floor(rand() * companies)), company(Math.floor(rand() * companies)), "same_address", "R DAS FLORES 100");
  const unique = [...new Map(edges.filter((e) => e.source !== e.target).map((e) => [e.id, e])).values()];
  for (const n of nodes) n.degree = degree.get(n.id) ?? 0;
  return { nodes, edges: unique, positions: {}, releases: ["2025-06"] };
}
