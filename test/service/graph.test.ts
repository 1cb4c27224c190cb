// The investigation graph (issue 33; docs/graph.md) on the real service: a month of Receita data in
// the published layout (test/support/receita-fixture.ts, plus shared contacts and an accountant's
// address shared by 51 establishments) imported by the importer itself, the sandbox's lawsuits, and
// the workspace's cases. Every source and edge type, the masked-partner match with homonyms, a hub
// left out, paths from both ends, truncation, exact codes for bad parameters, workspace scoping,
// snapshots that reopen as saved after the next month is imported, and the audit of exports.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCnpj } from "../../server/registry/import-cnpj";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";
import {
  establishment,
  line,
  MARIA,
  ACME,
  HOLDING,
  OTHER,
  releaseOne,
  releaseTwo,
  writeReleaseFolder,
  type FixtureRelease,
} from "../support/receita-fixture";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { lawsuitsOf } from "../../server/datasets/sandbox/lawsuits/generate";
import type { ExpandAnswer, GraphEdge, GraphNode, PathAnswer } from "../../lib/contract/graph";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let dir: string;

/** A company at ACME's address, and one with OTHER's e-mail written differently. */
const NEIGHBOUR = makeCnpj("313131310001");
/** A company at the accountant's address, shared with 50 others: a hub. */
const CLIENT = makeCnpj("323232320001");
const HUB_CNPJS = Array.from({ length: 50 }, (_, i) => makeCnpj(String(400000000001 + i * 10000)));
/** A company the sandbox gives lawsuits with a company on the other side. */
const LITIGANT = (() => {
  for (let i = 0; i < 500; i++) {
    const cnpj = makeCnpj(String(520000000001 + i * 10000));
    if (lawsuitsOf(cnpj, "company").some((l) => l.parties.some((p) => !p.isHolder && p.entity === "company" && p.document))) return cnpj;
  }
  throw new Error("no sandbox company with a company counterpart");
})();

const ACCOUNTANT = {
  tipoLogradouro: "RUA",
  logradouro: "DO CONTADOR",
  numero: "1",
  complemento: "SALA 1",
  bairro: "CENTRO",
  cep: "01001001",
};

function withGraphData(base: FixtureRelease): FixtureRelease {
  return {
    ...base,
    empresas: [
      ...base.empresas,
      line([NEIGHBOUR.slice(0, 8), "VIZINHO DA PAULISTA LTDA", "2062", "49", "1000,00", "01", ""]),
      line([CLIENT.slice(0, 8), "CLIENTE DO CONTADOR LTDA", "2062", "49", "1000,00", "01", ""]),
      line([LITIGANT.slice(0, 8), "LITIGANTE SA", "2062", "49", "1000,00", "01", ""]),
      ...HUB_CNPJS.map((c, i) => line([c.slice(0, 8), `EMPRESA ${i} DO CONTADOR LTDA`, "2062", "49", "1000,00", "01", ""])),
    ],
    estabelecimentos1: [
      ...base.estabelecimentos1,
      // ACME's address, spaces and case aside; OTHER's phone; HOLDING's e-mail in lower case
      line(
        establishment(NEIGHBOUR, {
          tipoLogradouro: "avenida",
          logradouro: "PAULISTA ",
          numero: "1578",
          complemento: 'ANDAR 2  "BLOCO A"',
          cep: "01310200",
          ddd1: "11",
          telefone1: "33334444",
          email: "contato@bompreco.com.br",
        }),
      ),
      line(establishment(CLIENT, ACCOUNTANT)),
      line(establishment(LITIGANT, { logradouro: "DA DEMANDA", numero: "7" })),
      ...HUB_CNPJS.map((c) => line(establishment(c, ACCOUNTANT))),
    ],
    socios: [
      ...base.socios,
      // LITIGANT's partner is HOLDING: a path ACME → HOLDING → LITIGANT
      line([LITIGANT.slice(0, 8), "1", "HOLDING PARTICIPAÇÕES LTDA", HOLDING, "22", "20190101", "", "***000000**", "", "00", "0"]),
    ],
  };
}

/** Maria's CPF: the six digits Receita shows (220050) and her name, as a verified person. */
const MARIA_CPF = makeCpf("123220050");
const HOMONYM_CPF = makeCpf("123220051"); // same name, other digits
const NAMESAKE_DIGITS_CPF = makeCpf("987220050"); // same digits, other name
const MARIA_PARTNER = `partner:${MARIA.masked}:MARIA DA CONCEICAO D'AVILA`;
const JOAO_PARTNER = "partner:***987654**:JOAO PEREIRA LIMA";

let mariaCase: string;
let homonymCase: string;
let namesakeCase: string;
let acmeCase: string;

type Answer = ExpandAnswer;
const expandOf = async (node: string, extra = "", token = ws.tokens.viewer): Promise<Answer> => {
  const res = await api.get(`/graph/expand?node=${encodeURIComponent(node)}${extra}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const nodeOf = (a: { nodes: GraphNode[] }, id: string) => a.nodes.find((n) => n.id === id);
const edgesOfType = (a: { edges: GraphEdge[] }, type: string) => a.edges.filter((e) => e.type === type);
const linked = (a: { edges: GraphEdge[] }, type: string, x: string, y: string) =>
  a.edges.some((e) => e.type === type && ((e.source === x && e.target === y) || (e.source === y && e.target === x)));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lupa-graph-"));
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
  const folder = await writeReleaseFolder(dir, "2025-01", withGraphData(releaseOne()));
  await importCnpj(t.services.database, folder, { log: () => {} });
  mariaCase = await insertCase(t, ws, { nationalId: MARIA_CPF, name: "Maria da Conceição D'Ávila" });
  homonymCase = await insertCase(t, ws, { nationalId: HOMONYM_CPF, name: "MARIA DA CONCEICAO D'AVILA" });
  namesakeCase = await insertCase(t, ws, { nationalId: NAMESAKE_DIGITS_CPF, name: "Mariana Souza" });
  acmeCase = await insertCase(t, ws, { nationalId: ACME, name: "ACME" });
  await t.services.database.query(`update verifications set entity = 'company' where id = $1`, [acmeCase]);
  // HOLDING on the workspace's restrictive list; OTHER sanctioned (CEIS)
  const listed = await t.request({
    method: "POST",
    url: `/api/v2/blacklist?workspaceId=${ws.id}`,
    token: ws.tokens.analyst,
    body: { nationalId: HOLDING, reason: "fraude confirmada" },
  });
  expect(listed.statusCode).toBeLessThan(300);
  await t.services.database.query(
    `insert into sanctions (list, entity, document, name, name_key, sanction, agency, starts_on) values ('CEIS', 'company', $1, 'OUTRA', 'OUTRA', 'Impedimento', 'CGU', '2024-01-01')`,
    [OTHER],
  );
}, 300_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe("expand", () => {
  it("offers graph in the capabilities", async () => {
    expect((await api.get("/capabilities", ws.tokens.viewer)).json().features).toContain("graph");
  });

  it("links a company to its partners (person and company), citing the release, with flags", async () => {
    const a = await expandOf(`company:${ACME}`);
    expect(a.node).toBe(`company:${ACME}`);
    expect(a.releases).toEqual(["2025-01"]);
    expect(a.truncated).toBe(false);
    expect(a.nodes[0]!.id).toBe(`company:${ACME}`);
    const acme = nodeOf(a, `company:${ACME}`)!;
    expect(acme).toMatchObject({
      type: "company",
      label: 'ACME COMÉRCIO DE ALIMENTOS "BOM PREÇO" LTDA',
      flags: ["case"],
      cases: [acmeCase],
    });
    expect(acme.attributes).toMatchObject({ status: "Ativa", uf: "SP", city: "SAO PAULO", inRegistry: true });
    const maria = nodeOf(a, MARIA_PARTNER)!;
    expect(maria).toMatchObject({ type: "partner", label: MARIA.name, document: "***.220.050-**" });
    const edge = a.edges.find((e) => e.source === MARIA_PARTNER && e.target === `company:${ACME}`)!;
    expect(edge).toMatchObject({
      type: "partner",
      role: "Sócio-Administrador",
      since: "1994-03-15",
      dataset: "receita",
      release: "2025-01",
      confidence: "exact",
    });
    expect(nodeOf(a, JOAO_PARTNER)).toBeDefined();
    // the company partner is a company node; it is on the restrictive list
    const holding = nodeOf(a, `company:${HOLDING}`)!;
    expect(holding.flags).toContain("restrictive");
    expect(linked(a, "partner", `company:${HOLDING}`, `company:${ACME}`)).toBe(true);
    // no full CPF anywhere in the answer
    expect(JSON.stringify(a)).not.toMatch(/(?<!\d)\d{11}(?!\d)/);
  });

  it("links establishments by normalized address, phone and e-mail, with the value's count", async () => {
    const a = await expandOf(`company:${NEIGHBOUR}`);
    const address = a.edges.find((e) => e.type === "same_address")!;
    expect([address.source, address.target].sort()).toEqual([`company:${ACME}`, `company:${NEIGHBOUR}`].sort());
    expect(address).toMatchObject({ count: 2, role: 'AVENIDA PAULISTA 1578 ANDAR 2 "BLOCO A" 01310200', release: "2025-01" });
    expect(linked(a, "same_phone", `company:${ACME}`, `company:${NEIGHBOUR}`)).toBe(true);
    expect(linked(a, "same_email", `company:${ACME}`, `company:${NEIGHBOUR}`)).toBe(true);
    expect(edgesOfType(a, "same_phone")[0]!.count).toBe(2);
  });

  it("leaves a value shared by more than 50 establishments out, and says so", async () => {
    const a = await expandOf(`company:${CLIENT}`);
    expect(edgesOfType(a, "same_address")).toEqual([]);
    expect(a.omitted).toContainEqual({
      reason: "hub",
      count: 51,
      type: "same_address",
      value: "RUA DO CONTADOR 1 SALA 1 01001001",
      node: `company:${CLIENT}`,
    });
  });

  it("flags sanctioned and inactive companies", async () => {
    const a = await expandOf(MARIA_PARTNER);
    expect(nodeOf(a, `company:${OTHER}`)!.flags).toContain("sanctioned");
    expect(linked(a, "partner", MARIA_PARTNER, `company:${OTHER}`)).toBe(true);
    const branch = await expandOf(`company:${makeCnpj("112223330002")}`);
    expect(branch.nodes[0]!.flags).toContain("inactive");
  });

  it("matches a verified person to the registry partner with the same six digits and folded name only (probable)", async () => {
    const a = await expandOf(MARIA_PARTNER);
    const same = edgesOfType(a, "same_person");
    expect(same).toHaveLength(1);
    expect(same[0]).toMatchObject({
      source: `person:${mariaCase}`,
      target: MARIA_PARTNER,
      confidence: "probable",
      dataset: "cases",
      release: null,
    });
    expect(nodeOf(a, `person:${homonymCase}`)).toBeUndefined();
    expect(nodeOf(a, `person:${namesakeCase}`)).toBeUndefined();
    const person = nodeOf(a, `person:${mariaCase}`)!;
    expect(person).toMatchObject({ type: "person", flags: ["case"], cases: [mariaCase] });
    expect(person.document).toMatch(/^\d{3}\.\*{3}\.\*{3}-\d{2}$/);
    // from the person's side too
    const p = await expandOf(`person:${mariaCase}`);
    expect(linked(p, "same_person", `person:${mariaCase}`, MARIA_PARTNER)).toBe(true);
    const h = await expandOf(`person:${homonymCase}`);
    expect(edgesOfType(h, "same_person")).toEqual([]);
  });

  it("reads the lawsuits dataset: a company's lawsuits, and a lawsuit's parties", async () => {
    const a = await expandOf(`company:${LITIGANT}`, "&limit=500");
    const lawsuits = edgesOfType(a, "lawsuit");
    const expected = lawsuitsOf(LITIGANT, "company");
    expect(lawsuits.length).toBe(expected.length);
    const withCompany = expected.find((l) => l.parties.some((p) => !p.isHolder && p.entity === "company" && p.document))!;
    const lid = `lawsuit:${withCompany.number}`;
    const edge = lawsuits.find((e) => e.target === lid)!;
    expect(edge).toMatchObject({
      source: `company:${LITIGANT}`,
      dataset: "company-lawsuits-3.0 (sandbox)",
      release: "3.0",
      since: withCompany.filedAt,
    });
    expect(nodeOf(a, lid)).toMatchObject({ type: "lawsuit", label: withCompany.number, document: null });
    const l = await expandOf(lid);
    const counterpart = withCompany.parties.find((p) => !p.isHolder && p.entity === "company")!;
    expect(linked(l, "lawsuit", `company:${counterpart.document}`, lid)).toBe(true);
    expect(linked(l, "lawsuit", `company:${LITIGANT}`, lid)).toBe(true);
  });

  it("keeps the most connected nodes when truncated, and counts what it left out", async () => {
    const full = await expandOf(`company:${ACME}`, "&depth=2&limit=500");
    expect(full.truncated).toBe(false);
    expect(full.nodes.length).toBeGreaterThan(4);
    const cut = await expandOf(`company:${ACME}`, "&depth=2&limit=3");
    expect(cut.truncated).toBe(true);
    expect(cut.nodes).toHaveLength(3);
    expect(cut.nodes[0]!.id).toBe(`company:${ACME}`);
    expect(cut.omitted).toContainEqual({ reason: "limit", count: full.nodes.length - 3, type: null, value: null, node: null });
    const degreeIn = (id: string) => full.edges.filter((e) => e.source === id || e.target === id).length;
    const keptMin = Math.min(...cut.nodes.slice(1).map((n) => degreeIn(n.id)));
    const leftMax = Math.max(...full.nodes.filter((n) => !cut.nodes.some((c) => c.id === n.id)).map((n) => degreeIn(n.id)));
    expect(keptMin).toBeGreaterThanOrEqual(leftMax);
    for (const e of cut.edges) expect(cut.nodes.some((n) => n.id === e.source) && cut.nodes.some((n) => n.id === e.target)).toBe(true);
  });

  it("refuses bad parameters with exact codes, and an unknown node with 404", async () => {
    for (const q of [
      "node=company:" + ACME + "&depth=0",
      "node=company:" + ACME + "&depth=4",
      "node=company:" + ACME + "&limit=501",
      "node=company:" + ACME + "&limit=0",
      "node=company:" + ACME + "&limit=abc",
      "node=company:" + ACME + "&other=1",
      "depth=1",
    ])
      expectError(await api.get(`/graph/expand?${q}`, ws.tokens.viewer), 400, "invalid_parameter");
    for (const node of [
      `company:${makeCnpj("999888770001")}`,
      "company:123",
      "person:not-a-uuid",
      `person:${crypto.randomUUID()}`,
      "lawsuit:0000001-00.2020.8.26.0001",
      "foo:bar",
      `partner:***000111**:NINGUEM`,
    ])
      expectError(await api.get(`/graph/expand?node=${encodeURIComponent(node)}`, ws.tokens.viewer), 404, "not_found");
  });

  it("is read by every role but integration, and scoped to the workspace", async () => {
    for (const role of ["admin", "analyst", "viewer"] as const)
      expect((await api.get(`/graph/expand?node=company:${ACME}`, ws.tokens[role])).statusCode).toBe(200);
    expectError(await api.get(`/graph/expand?node=company:${ACME}`, ws.tokens.integration), 403, "forbidden");
    // another workspace: Maria's case is not its own, and its answer names no case of ours
    expectError(await api.get(`/graph/expand?node=person:${mariaCase}`, other.tokens.viewer), 404, "not_found");
    const theirs = await expandOf(MARIA_PARTNER, "", other.tokens.viewer);
    expect(edgesOfType(theirs, "same_person")).toEqual([]);
    const acme = await expandOf(`company:${ACME}`, "", other.tokens.viewer);
    expect(acme.nodes[0]!.flags).not.toContain("case");
    expect(nodeOf(acme, `company:${HOLDING}`)!.flags).not.toContain("restrictive");
  });
});

describe("path", () => {
  const pathOf = async (from: string, to: string, extra = ""): Promise<PathAnswer> => {
    const res = await api.get(`/graph/path?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`, ws.tokens.viewer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("finds the shortest path searching from both ends", async () => {
    const p = await pathOf(`person:${mariaCase}`, `company:${LITIGANT}`, "&maxDepth=6");
    expect(p.paths).toHaveLength(1);
    const ids = p.paths[0]!.nodes.map((n) => n.id);
    expect(ids).toEqual([`person:${mariaCase}`, MARIA_PARTNER, `company:${ACME}`, `company:${HOLDING}`, `company:${LITIGANT}`]);
    expect(p.paths[0]!.edges.map((e) => e.type)).toEqual(["same_person", "partner", "partner", "partner"]);
    p.paths[0]!.edges.forEach((e, i) => expect([e.source, e.target].sort()).toEqual([ids[i], ids[i + 1]].sort()));
    expect(p.truncated).toBe(false);
    expect(p.visited).toBeGreaterThan(2);
    expect(typeof p.ms).toBe("number");
    // the same from the other end
    const back = await pathOf(`company:${LITIGANT}`, `person:${mariaCase}`, "&maxDepth=6");
    expect(back.paths[0]!.nodes.map((n) => n.id)).toEqual([...ids].reverse());
  });

  it("gives up to k paths, shortest first, and none beyond maxDepth", async () => {
    const two = await pathOf(`company:${ACME}`, `company:${OTHER}`, "&k=3&maxDepth=4");
    // two of two hops: through Maria (partner of both) and through HOLDING (partner of ACME, at OTHER's address)
    expect(two.paths.map((p) => p.nodes.map((n) => n.id))).toEqual([
      [`company:${ACME}`, `company:${HOLDING}`, `company:${OTHER}`],
      [`company:${ACME}`, MARIA_PARTNER, `company:${OTHER}`],
      ...two.paths.slice(2).map((p) => p.nodes.map((n) => n.id)),
    ]);
    expect(two.paths[0]!.edges.map((e) => e.type)).toEqual(["partner", "same_address"]);
    for (let i = 1; i < two.paths.length; i++) expect(two.paths[i]!.edges.length).toBeGreaterThanOrEqual(two.paths[i - 1]!.edges.length);
    const short = await pathOf(`person:${mariaCase}`, `company:${LITIGANT}`, "&maxDepth=3");
    expect(short.paths).toEqual([]);
  });

  it("stops at the visited budget with truncated: true", async () => {
    const { findPaths } = await import("../../server/graph/walk");
    const p = await findPaths(t.services, ws.id, { from: `person:${mariaCase}`, to: `company:${LITIGANT}`, maxDepth: 6, k: 1 }, 3);
    expect(p.truncated).toBe(true);
    expect(p.paths).toEqual([]);
  });

  it("refuses bad parameters and unknown nodes", async () => {
    const base = `from=company:${ACME}&to=company:${OTHER}`;
    for (const q of [`${base}&maxDepth=0`, `${base}&maxDepth=7`, `${base}&k=0`, `${base}&k=6`, `from=company:${ACME}`, `${base}&x=1`])
      expectError(await api.get(`/graph/path?${q}`, ws.tokens.viewer), 400, "invalid_parameter");
    expectError(
      await api.get(`/graph/path?from=company:${ACME}&to=company:${makeCnpj("999888770001")}`, ws.tokens.viewer),
      404,
      "not_found",
    );
    expectError(await api.get(`/graph/path?from=person:${mariaCase}&to=company:${ACME}`, other.tokens.viewer), 404, "not_found");
  });
});

describe("snapshots and exports", () => {
  let saved: { id: string; nodes: GraphNode[]; edges: GraphEdge[] };
  const snapshotsPath = (id: string) => `/cases/${id}/graph-snapshots`;

  it("saves a graph on a case, lists it, reads it whole, and records it on the timeline", async () => {
    const a = await expandOf(`company:${ACME}`);
    const positions = Object.fromEntries(a.nodes.map((n, i) => [n.id, { x: i * 10, y: i + 1 }]));
    const res = await api.post(snapshotsPath(mariaCase), ws.tokens.viewer, {
      title: "Rede da ACME",
      nodes: a.nodes,
      edges: a.edges,
      positions,
      releases: a.releases,
    });
    expect(res.statusCode, res.body).toBe(201);
    saved = res.json();
    expect(saved).toMatchObject({
      caseId: mariaCase,
      title: "Rede da ACME",
      nodeCount: a.nodes.length,
      edgeCount: a.edges.length,
      releases: ["2025-01"],
    });
    const list = await api.get(snapshotsPath(mariaCase), ws.tokens.analyst);
    expect(list.json().snapshots).toHaveLength(1);
    expect(list.json().snapshots[0]).not.toHaveProperty("nodes");
    const one = await api.get(`${snapshotsPath(mariaCase)}/${saved.id}`, ws.tokens.analyst);
    expect(one.json()).toMatchObject({ nodes: a.nodes, edges: a.edges, positions });
    const events = await eventsOf(t, ws.id, "graph.snapshot_saved", mariaCase);
    expect(events[0]!.data).toMatchObject({ snapshotId: saved.id, nodeCount: a.nodes.length, releases: ["2025-01"] });
  });

  it("refuses bad snapshots with exact codes, and other workspaces' cases with 404", async () => {
    const a = await expandOf(`company:${ACME}`);
    const body = { nodes: a.nodes, edges: a.edges, positions: {}, releases: a.releases };
    expectError(await api.post(snapshotsPath(mariaCase), ws.tokens.viewer, { ...body, nodes: [] }), 400, "invalid_body");
    expectError(await api.post(snapshotsPath(mariaCase), ws.tokens.viewer, { ...body, extra: 1 }), 400, "invalid_body");
    expectError(
      await api.post(snapshotsPath(mariaCase), ws.tokens.viewer, { ...body, positions: { "company:00000000000000": { x: 1, y: 1 } } }),
      400,
      "invalid_body",
    );
    expectError(await api.post(snapshotsPath(mariaCase), ws.tokens.viewer, { ...body, nodes: a.nodes.slice(0, 1) }), 400, "invalid_body");
    const leaky = a.nodes.map((n) => (n.id === MARIA_PARTNER ? { ...n, document: "123.220.050-00" } : n));
    expectError(await api.post(snapshotsPath(mariaCase), ws.tokens.viewer, { ...body, nodes: leaky }), 400, "invalid_body");
    const many = Array.from({ length: 5001 }, (_, i) => ({ ...a.nodes[0]!, id: `lawsuit:${i}`, type: "lawsuit" }));
    expectError(
      await api.post(snapshotsPath(mariaCase), ws.tokens.viewer, { nodes: many, edges: [], positions: {}, releases: [] }),
      413,
      "snapshot_too_large",
    );
    expectError(await api.post(snapshotsPath(mariaCase), other.tokens.viewer, body), 404, "not_found");
    expectError(await api.get(snapshotsPath(mariaCase), other.tokens.viewer), 404, "not_found");
    expectError(await api.get(`${snapshotsPath(mariaCase)}/${saved.id}`, other.tokens.viewer), 404, "not_found");
    expectError(await api.get(`${snapshotsPath(homonymCase)}/${saved.id}`, ws.tokens.viewer), 404, "not_found");
    expectError(await api.get(`${snapshotsPath(mariaCase)}/nope`, ws.tokens.viewer), 404, "not_found");
    expectError(await api.post(snapshotsPath(mariaCase), ws.tokens.integration, body), 403, "forbidden");
    expectError(await api.get(snapshotsPath("not-a-uuid"), ws.tokens.viewer), 404, "not_found");
    expectError(await api.post(snapshotsPath(crypto.randomUUID()), ws.tokens.viewer, body), 404, "not_found");
  });

  it("keeps at most 100 snapshots per case (409 snapshot_limit_reached)", async () => {
    const full = await insertCase(t, ws);
    await t.services.database.query(
      `insert into graph_snapshots (id, workspace_id, verification_id, title, nodes, edges, positions, node_count, edge_count, bytes, created_by)
       select gen_random_uuid(), $1, $2, 'g' || i, '[]', '[]', '{}', 0, 0, 0, $3 from generate_series(1, 100) as i`,
      [ws.id, full, ws.users.viewer.id],
    );
    const a = await expandOf(`company:${ACME}`);
    expectError(
      await api.post(snapshotsPath(full), ws.tokens.viewer, { nodes: a.nodes, edges: a.edges, positions: {}, releases: a.releases }),
      409,
      "snapshot_limit_reached",
    );
    expect(await eventsOf(t, ws.id, "graph.snapshot_saved", full)).toEqual([]);
  });

  it("records exports, on the case when one is named", async () => {
    const res = await api.post("/graph/exports", ws.tokens.viewer, {
      format: "graphml",
      nodeCount: 12,
      edgeCount: 20,
      root: `company:${ACME}`,
      caseId: mariaCase,
    });
    expect(res.statusCode, res.body).toBe(201);
    const events = await eventsOf(t, ws.id, "graph.exported", mariaCase);
    expect(events[0]!.data).toEqual({
      format: "graphml",
      nodeCount: 12,
      edgeCount: 20,
      root: expect.stringMatching(/^company:11\.222\.\*\*\*/),
    });
    expect(JSON.stringify(events[0]!.data)).not.toContain(ACME);
    for (const body of [
      { format: "xlsx", nodeCount: 1 },
      { format: "csv" },
      { format: "csv", nodeCount: -1 },
      { format: "csv", nodeCount: 1, root: "x:y" },
    ])
      expectError(await api.post("/graph/exports", ws.tokens.viewer, body), 400, "invalid_body");
    expectError(
      await api.post("/graph/exports", other.tokens.viewer, { format: "png", nodeCount: 1, caseId: mariaCase }),
      404,
      "not_found",
    );
  });
});

describe("the next release", () => {
  it("answers from the new release, and a saved snapshot reopens as saved", async () => {
    const before = await api.get(`/cases/${mariaCase}/graph-snapshots`, ws.tokens.viewer);
    const id = before.json().snapshots[0].id as string;
    const saved = (await api.get(`/cases/${mariaCase}/graph-snapshots/${id}`, ws.tokens.viewer)).json();
    const folder = await writeReleaseFolder(dir, "2025-02", withGraphData(releaseTwo()));
    await importCnpj(t.services.database, folder, { log: () => {} });
    const a = await expandOf(`company:${ACME}`);
    expect(a.releases).toEqual(["2025-02"]);
    expect(a.nodes[0]!.flags).toContain("inactive");
    expect(nodeOf(a, "partner:***555666**:CARLA NOVAES")).toBeDefined();
    expect(edgesOfType(a, "partner").every((e) => e.release === "2025-02")).toBe(true);
    expect((await api.get(`/cases/${mariaCase}/graph-snapshots/${id}`, ws.tokens.viewer)).json()).toEqual(saved);
  }, 120_000);
});
