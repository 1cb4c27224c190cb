// GET /api/v2/verifications `search` (spec 3.1: a partial, case-insensitive match on the name or
// the CPF/CNPJ, and (issue 20) accent-insensitive both ways) finds exactly the rows that
// `unaccented(name) ILIKE unaccented('%text%') OR national_id ILIKE '%digits%'` finds, although it
// matches the stored folded name with LIKE (migrations 0009, 0013). Names with accents in both
// cases, decomposed (NFD) or without their accents, LIKE's own characters (%, _, \) and
// alphanumeric CNPJs; searches drawn from the names themselves with their case changed, and random
// text. Before issue 20 the oracle was plain ILIKE: "Jose" did not find "José".
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchBoundary } from "../../server/v2/verifications/queries";
import { FOLD_FROM, FOLD_TO } from "../../server/db/search-fold";
import { startService, type TestService, type TestWorkspace } from "../support/harness";

const NAMES = [
  "JOSÉ DA SILVA",
  "José da Silva Júnior",
  "Conceição Aparecida Cavalcanti",
  "CONCEIÇÃO APARECIDA",
  "Ângela Lúcia Gonçalves",
  "ÂNGELA Ü. Müller",
  "Antônio D'Ávila",
  "João-Pedro Araújo",
  "Empresa 100% Brasil Ltda",
  "Comércio_de Peças S/A",
  "Barra\\Invertida ME",
  "Ítalo Ñandu Çedilha",
  "maria das graças",
  "MARIA DAS GRAÇAS",
  "Øystein Æsir",
  "ﬁnal ligature",
];
const DOCUMENTS = ["12345678909", "11222333000181", "12ABC34501DE35", "00000000191", "AB1CD2EF000130"];

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  for (const workspace of [ws, other])
    await t.services.database.query(
      `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, created_at, updated_at)
       select gen_random_uuid(), $1, gen_random_uuid(), 'prf_kyc_person', d.value, 'person', n.value,
              'COMPLETED', '{"source":"API"}'::jsonb, now() - (n.i * 10 + d.i) * interval '1 second', now()
       from unnest($2::text[]) with ordinality as n(value, i), unnest($3::text[]) with ordinality as d(value, i)`,
      [workspace.id, NAMES, DOCUMENTS],
    );
});
afterAll(async () => {
  await t?.close();
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The oracle: ILIKE on the name and on the national ID, as spec 3.1 describes the search, with
 * the accents of both the name and the text taken off first (translate; the case stays ILIKE's).
 */
async function expected(search: string, workspaceId = ws.id): Promise<string[]> {
  const digits = search.replace(/[.\-/\s]/g, "");
  const { rows } = await t.services.database.query(
    `select id from verifications where workspace_id = $1
       and (translate(name, $5, $6) ilike translate($2, $5, $6) or ($3 <> '' and national_id ilike $4))
     order by created_at desc, id desc`,
    [workspaceId, `%${escapeLike(search)}%`, digits, `%${escapeLike(digits)}%`, FOLD_FROM, FOLD_TO],
  );
  return rows.map((r) => (r as { id: string }).id);
}

/** Every page of the list (25 a page, the most the list gives). */
async function found(search: string, token = ws.tokens.viewer): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await t.request({
      method: "GET",
      url: `/api/v2/verifications?limit=25&page=${page}&search=${encodeURIComponent(search)}`,
      token,
    });
    expect(res.statusCode, search).toBe(200);
    const body = res.json() as { verifications: { id: string }[]; total: number };
    if (page === 1) total = body.total;
    ids.push(...body.verifications.map((v) => v.id));
    if (body.verifications.length < 25) return { ids, total };
  }
}

const changeCase = (text: string, flips: boolean[]) =>
  [...text].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join("");

describe("v2 list search", () => {
  it("finds accented names in either case, LIKE's own characters literally, and document parts", async () => {
    const cases: [string, number][] = [
      ["josé", 2 * DOCUMENTS.length],
      ["JOSÉ", 2 * DOCUMENTS.length],
      ["conceição", 2 * DOCUMENTS.length],
      ["CONCEIÇÃO APARECIDA", 2 * DOCUMENTS.length],
      ["gonçalves", DOCUMENTS.length],
      ["100%", DOCUMENTS.length],
      ["comércio_de", DOCUMENTS.length],
      ["o_de", DOCUMENTS.length],
      ["a_d", 0], // "a d" in "maria das" if _ were a wildcard
      ["a\\i", DOCUMENTS.length],
      ["d'ávila", DOCUMENTS.length],
      ["12ABC345", NAMES.length],
      ["12abc345", NAMES.length],
      ["11.222.333/0001", NAMES.length],
      ["11.222.333/0001-81", NAMES.length],
      ["12abc34501de35", NAMES.length],
      ["12ABC34501DE355", 0],
      ["josé da silva júnior", DOCUMENTS.length],
      ["josé da silvestre", 0], // shares "josé da" with two names: the whole text decides
      ["maria das graças", 2 * DOCUMENTS.length],
      ["maria das dores", 0],
      ["é da s", 2 * DOCUMENTS.length],
      ["%", DOCUMENTS.length],
      ["_", DOCUMENTS.length],
    ];
    for (const [search, count] of cases) {
      const { ids, total } = await found(search);
      expect(ids, search).toEqual(await expected(search));
      expect(total, search).toBe(count);
    }
  });

  it("matches exactly what ILIKE matches on the unaccented name, for any text (property)", async () => {
    const fromNames = fc
      .tuple(fc.constantFrom(...NAMES, ...DOCUMENTS), fc.nat(), fc.nat(), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }))
      .map(([text, a, b, flips]) => {
        const start = a % text.length;
        const end = start + 1 + (b % (text.length - start));
        return changeCase(text.slice(start, end), flips);
      });
    const random = fc.string({ unit: fc.constantFrom(..."aAeÉéçÇãÃõüÜ %_\\'-./0123456789ABCabcñÑøØﬁ"), minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fromNames, random), async (search) => {
        const { ids, total } = await found(search);
        const want = await expected(search);
        expect(ids, search).toEqual(want);
        expect(total, search).toBe(want.length);
      }),
      { numRuns: 150 },
    );
  });

  it("never reaches another workspace's rows", async () => {
    const { ids } = await found("silva");
    const { rows } = await t.services.database.query(`select id from verifications where workspace_id = $1`, [other.id]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(ids).not.toContain((row as { id: string }).id);
    expect(ids).toHaveLength(2 * DOCUMENTS.length);
  });
});

describe("v2 list search without accents (issue 20)", () => {
  it("finds a name with or without its accents, whichever way the text is written, composed or decomposed", async () => {
    const accents = await t.createWorkspace();
    const names = [
      "José Carlos Conceição",
      "Jose Carlos Sem Acento",
      "Jose\u0301 Decomposto Ramos",
      "ÂNGELA GONÇALVES ÍTALO",
      "Joana Silva",
    ];
    await t.services.database.query(
      `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, created_at, updated_at)
       select gen_random_uuid(), $1, gen_random_uuid(), 'prf_kyc_person', '12345678909', 'person', n.value,
              'COMPLETED', '{"source":"API"}'::jsonb, now() - n.i * interval '1 second', now()
       from unnest($2::text[]) with ordinality as n(value, i)`,
      [accents.id, names],
    );
    const named = async (search: string) => {
      const res = await t.request({
        method: "GET",
        url: `/api/v2/verifications?limit=25&search=${encodeURIComponent(search)}`,
        token: accents.tokens.viewer,
      });
      expect(res.statusCode, search).toBe(200);
      return (res.json().verifications as { name: string }[]).map((v) => v.name).sort();
    };
    const joses = ["José Carlos Conceição", "Jose Carlos Sem Acento", "Jose\u0301 Decomposto Ramos"].sort();
    expect(await named("Jose")).toEqual(joses);
    expect(await named("José")).toEqual(joses);
    expect(await named("JOSÉ")).toEqual(joses);
    expect(await named("jose\u0301")).toEqual(joses);
    expect(await named("jose carlos")).toEqual(["José Carlos Conceição", "Jose Carlos Sem Acento"].sort());
    expect(await named("José Carlos Sem")).toEqual(["Jose Carlos Sem Acento"]);
    expect(await named("conceicao")).toEqual(["José Carlos Conceição"]);
    expect(await named("angela goncalves italo")).toEqual(["ÂNGELA GONÇALVES ÍTALO"]);
    expect(await named("Ângela")).toEqual(["ÂNGELA GONÇALVES ÍTALO"]);
    expect(await named("decomposto")).toEqual(["Jose\u0301 Decomposto Ramos"]);
    expect(await named("jóana")).toEqual(["Joana Silva"]);
    expect(await named("jôse")).toEqual(joses);
    expect(await named("josef")).toEqual([]);
    // the review API's queue searches the same way
    const queue = await t.request({ method: "GET", url: `/api/review/v1/cases?search=Jose`, token: accents.tokens.viewer });
    expect(queue.statusCode).toBe(200);
    expect((queue.json().cases as { name: string }[]).map((c) => c.name).sort()).toEqual(joses);
    for (const search of ["jose", "JOSÉ", "conceicao", "ângela"]) {
      const { ids } = await found(search, accents.tokens.viewer);
      expect(ids, search).toEqual(await expected(search, accents.id));
    }
  });
});

describe("v2 list search of a phrase by its first word boundary", () => {
  it("looks a rare boundary up alone and a common one with the whole text, with the same matches", async () => {
    const crowd = await t.createWorkspace();
    // 8,000 "Maria da Silva …": the boundary "aria da" is in every row of this workspace
    await t.services.database.query(
      `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, created_at, updated_at)
       select gen_random_uuid(), $1, gen_random_uuid(), 'prf_kyc_person', lpad(i::text, 11, '0'), 'person',
              'Maria da Silva ' || i, 'COMPLETED', '{"source":"API"}'::jsonb, now() - i * interval '1 second', now()
       from generate_series(1, 8000) as i`,
      [crowd.id],
    );
    await t.ownerQuery("analyze verifications"); // the owner: the service's role may not analyze
    const { db } = t.services;
    expect(await searchBoundary(db, crowd.id, "maria da silva 7999")).toBeNull();
    expect(await searchBoundary(db, ws.id, "conceição aparecida")).toBe("ição apa");
    expect(await searchBoundary(db, ws.id, "silva")).toBeNull();
    const res = await t.request({
      method: "GET",
      url: `/api/v2/verifications?limit=25&search=${encodeURIComponent("MARIA DA SILVA 7999")}`,
      token: crowd.tokens.viewer,
    });
    expect(res.json().verifications.map((v: { name: string }) => v.name)).toEqual(["Maria da Silva 7999"]);
    expect(res.json().total).toBe(1);
  });
});
