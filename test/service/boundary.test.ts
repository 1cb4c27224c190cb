// The strict boundary (issue 6): control characters in any string of params, query or body
// (values and keys), unbounded metadata, dates PostgreSQL cannot store, lookups by user-given key,
// 503 only for real unavailability, and authentication before the body is read. Each case answers
// 400/413 with its exact code, never 500 or 503.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startService, type TestService } from "../support/harness";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { enrichments } from "../../server/db/schema";
import { canonicalJson } from "../../server/v3/enrichments/schemas";
import { MAX_METADATA_BYTES, MAX_METADATA_DEPTH, MAX_METADATA_KEYS } from "../../server/http/metadata";

let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false, env: { LUPA_SYNC_WAIT_MS: "50" } });
});
afterAll(async () => {
  await t?.close();
});

const CPF = makeCpf("529982247");
const CNPJ = makeCnpj("112223330001");
const NUL = "\u0000";
const V2_ID = "00000000-0000-4000-8000-000000000000";

type Res = { statusCode: number; json(): unknown; body: string };
function v3Error(res: Res, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
}
function v2Error(res: Res, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ error: expect.any(String) });
}
const token = () => t.workspace.tokens.integration;
const get = (url: string, tk = token()) => t.request({ method: "GET", url, token: tk });
const post = (url: string, body: unknown, tk = token()) => t.request({ method: "POST", url, token: tk, body });
const countEnrichments = async () => {
  const [row] = await t.services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(enrichments)
    .where(eq(enrichments.workspaceId, t.workspace.id));
  return row!.n;
};
const nested = (depth: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe("control characters", () => {
  it("v2 body: NUL in input[].value, profileId, verifications.type and a key answers 400 (invalid_request for bodies)", async () => {
    v2Error(
      await post("/api/v2/verifications", { nationalId: CPF, verifications: {}, input: [{ attribute: "name", value: `a${NUL}b` }] }),
      400,
    );
    v2Error(await post("/api/v2/verifications", { nationalId: CPF, verifications: {}, profileId: `prf${NUL}` }), 400);
    v2Error(await post("/api/v2/verifications", { nationalId: CPF, verifications: { type: `x${NUL}` } }), 400);
    v2Error(
      await post("/api/v2/verifications", {
        nationalId: CPF,
        verifications: {},
        callback: { url: "https://hooks.example.com/x", headers: { [`X${NUL}`]: "1" } },
      }),
      400,
    );
    // other C0 characters too (escape, bell), but not tab, newline or carriage return in free text
    v2Error(
      await post("/api/v2/verifications", { nationalId: CPF, verifications: {}, input: [{ attribute: "name", value: "a\u001bb" }] }),
      400,
    );
    v2Error(
      await post("/api/v2/verifications", { nationalId: CPF, verifications: {}, input: [{ attribute: "name", value: "a\u0007b" }] }),
      400,
    );
    const ok = await post("/api/v2/verifications", {
      nationalId: CPF,
      verifications: {},
      input: [{ attribute: "address", value: "Rua A, 1\n\tApto 2\r\n" }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("v2 query and params: NUL in search, nationalId and the id answers 400 (invalid_parameter)", async () => {
    v2Error(await get("/api/v2/verifications?search=%00"), 400);
    v2Error(await get(`/api/v2/verifications?nationalId=${CPF}%00`), 400);
    v2Error(await get(`/api/v2/verifications?search=a%01b`), 400);
    v2Error(await get(`/api/v2/verifications/${V2_ID}%00`), 400);
    // a tab in a search is free text: allowed
    expect((await get("/api/v2/verifications?search=a%09b")).statusCode).toBe(200);
  });

  it("v2 refuses a lone surrogate (PostgreSQL cannot store it) with 400", async () => {
    v2Error(
      await t.request({
        method: "POST",
        url: "/api/v2/verifications",
        token: token(),
        headers: { "content-type": "application/json" },
        payload: `{"nationalId":"${CPF}","verifications":{},"input":[{"attribute":"name","value":"a\\ud800b"}]}`,
      }),
      400,
    );
  });

  it("v3 create: NUL in profileId is 400 invalid_body, never 503 profiles_unavailable", async () => {
    v3Error(await post("/api/v3/enrichments", { document: CPF, profileId: `prf_person_complete${NUL}` }), 400, "invalid_body");
    v3Error(await post("/api/v3/enrichments", { document: CPF, profileId: NUL }), 400, "invalid_body");
  });

  it("v3 create: NUL in metadata values and keys, document and callback is 400 invalid_body", async () => {
    const before = await countEnrichments();
    v3Error(
      await post("/api/v3/enrichments", { document: CPF, profileId: "prf_person_complete", metadata: { a: NUL } }),
      400,
      "invalid_body",
    );
    v3Error(
      await post("/api/v3/enrichments", { document: CPF, profileId: "prf_person_complete", metadata: { [`k${NUL}`]: 1 } }),
      400,
      "invalid_body",
    );
    v3Error(
      await post("/api/v3/enrichments", { document: CPF, profileId: "prf_person_complete", metadata: { deep: [{ x: `y${NUL}` }] } }),
      400,
      "invalid_body",
    );
    v3Error(await post("/api/v3/enrichments", { document: `${CPF}${NUL}`, profileId: "prf_person_complete" }), 400, "invalid_body");
    v3Error(
      await post("/api/v3/enrichments", {
        document: CPF,
        profileId: "prf_person_complete",
        callback: { url: `https://hooks.example.com/${NUL}` },
      }),
      400,
      "invalid_body",
    );
    expect(await countEnrichments()).toBe(before);
  });

  it("v3 batch: NUL in profileId, batch metadata and item metadata is 400 invalid_body", async () => {
    const before = await countEnrichments();
    v3Error(
      await post("/api/v3/enrichments/batch", { profileId: `prf_person_complete${NUL}`, items: [{ document: CPF }] }),
      400,
      "invalid_body",
    );
    v3Error(
      await post("/api/v3/enrichments/batch", { profileId: "prf_person_complete", items: [{ document: CPF }], metadata: { a: NUL } }),
      400,
      "invalid_body",
    );
    v3Error(
      await post("/api/v3/enrichments/batch", { profileId: "prf_person_complete", items: [{ document: CPF, metadata: { a: NUL } }] }),
      400,
      "invalid_body",
    );
    expect(await countEnrichments()).toBe(before);
  });

  it("v3 query and params: NUL in batchId, profileId, any filter and the id is 400 invalid_body", async () => {
    for (const q of [
      "batchId=%00",
      "profileId=%00",
      "lane=%00",
      "cursor=%00",
      "document=%00",
      `from=2026-01-01T00:00:00Z%00`,
      "include=%00",
    ]) {
      const url = q.startsWith("include") ? `/api/v3/enrichments/enr_x?${q}` : `/api/v3/enrichments?${q}`;
      v3Error(await get(url), 400, "invalid_body");
    }
    v3Error(await get("/api/v3/enrichments?%00=1"), 400, "invalid_body");
    v3Error(await get("/api/v3/enrichments/%00"), 400, "invalid_body");
    v3Error(await get("/api/v3/enrichments/enr_x/modules/%00"), 400, "invalid_body");
    v3Error(await get("/api/v3/profiles/%00"), 400, "invalid_body");
    v3Error(await get("/api/v3/profiles?kind=%00"), 400, "invalid_body");
    v3Error(await get("/api/v3/enrichments/%00/modules/lawsuits/network"), 400, "invalid_body");
    v3Error(await get("/api/v3/usage?from=%00", t.workspace.tokens.admin), 400, "invalid_body");
  });

  it("v1: NUL in the username or refresh token is 400", async () => {
    v2Error(
      await t.request({ method: "POST", url: "/api/v1/authentication", body: { username: `a${NUL}@test.local`, password: "xxxxxx" } }),
      400,
    );
    v2Error(await t.request({ method: "POST", url: "/api/v1/authentication/refresh", body: { refreshToken: `x${NUL}` } }), 400);
  });
});

describe("malformed paths", () => {
  it("a path that is not valid percent-encoding, or a path parameter over 100 characters, is 400 in the version's envelope, without echoing the path", async () => {
    for (const url of [
      "/api/v3/enrichments/%zz",
      "/api/v3/profiles/%ED%A0%80",
      `/api/v3/enrichments/${CPF}%zz`,
      `/api/v3/profiles/${"i".repeat(3000)}`,
    ]) {
      const res = await get(url);
      v3Error(res, 400, "invalid_body");
      expect(res.body).not.toContain(CPF);
      expect(res.headers["x-request-id"]).toBeDefined();
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    for (const url of ["/api/v2/verifications/%zz", `/api/v2/verifications/${"i".repeat(3000)}`]) v2Error(await get(url), 400);
  });
});

describe("metadata limits", () => {
  it(`metadata deeper than ${MAX_METADATA_DEPTH} levels is 413 metadata_too_large; 5,000 levels never overflow the stack`, async () => {
    v3Error(
      await post("/api/v3/enrichments", { document: CPF, profileId: "prf_person_complete", metadata: nested(MAX_METADATA_DEPTH + 1) }),
      413,
      "metadata_too_large",
    );
    // 5,000 levels: refused by the boundary before any recursive walk (written by hand: too deep for JSON.stringify here)
    const deep = `${'{"a":'.repeat(5000)}"leaf"${"}".repeat(5000)}`;
    const raw = (url: string, payload: string) =>
      t.request({ method: "POST", url, token: token(), headers: { "content-type": "application/json" }, payload });
    v3Error(
      await raw("/api/v3/enrichments", `{"document":"${CPF}","profileId":"prf_person_complete","metadata":${deep}}`),
      400,
      "invalid_body",
    );
    v3Error(
      await raw("/api/v3/enrichments/batch", `{"profileId":"prf_person_complete","items":[{"document":"${CPF}"}],"metadata":${deep}}`),
      400,
      "invalid_body",
    );
    v2Error(
      await raw(
        "/api/v2/verifications",
        `{"nationalId":"${CPF}","verifications":{},"callback":{"url":"https://hooks.example.com/x","headers":${deep}}}`,
      ),
      400,
    );
    // and the hash of a body refuses depth itself rather than overflowing the stack
    expect(() => canonicalJson(nested(1000))).toThrow(/nested deeper/);
  });

  it(`metadata over ${MAX_METADATA_BYTES} bytes or with more than ${MAX_METADATA_KEYS} keys in an object is 413 metadata_too_large`, async () => {
    const before = await countEnrichments();
    v3Error(
      await post("/api/v3/enrichments", { document: CPF, profileId: "prf_person_complete", metadata: { big: "x".repeat(1024 * 1024) } }),
      413,
      "metadata_too_large",
    );
    v3Error(
      await post("/api/v3/enrichments", {
        document: CPF,
        profileId: "prf_person_complete",
        metadata: { big: "x".repeat(MAX_METADATA_BYTES) },
      }),
      413,
      "metadata_too_large",
    );
    const keys = Object.fromEntries(Array.from({ length: MAX_METADATA_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    v3Error(
      await post("/api/v3/enrichments", { document: CPF, profileId: "prf_person_complete", metadata: keys }),
      413,
      "metadata_too_large",
    );
    v3Error(
      await post("/api/v3/enrichments", { document: CPF, profileId: "prf_person_complete", metadata: { list: [keys] } }),
      413,
      "metadata_too_large",
    );
    expect(await countEnrichments()).toBe(before);
  });

  it("metadata at the limits is accepted", async () => {
    const keys = Object.fromEntries(Array.from({ length: MAX_METADATA_KEYS }, (_, i) => [`k${i}`, i]));
    const res = await post("/api/v3/enrichments", { document: CPF, profileId: "prf_person_complete", metadata: { ...keys } });
    expect([200, 202]).toContain(res.statusCode);
    const deep = await post("/api/v3/enrichments", {
      document: makeCpf("111444777"),
      profileId: "prf_person_complete",
      metadata: nested(MAX_METADATA_DEPTH) as Record<string, unknown>,
    });
    expect([200, 202], deep.body).toContain(deep.statusCode);
  });

  it("200 KB of batch metadata is 413 metadata_too_large and creates nothing", async () => {
    const before = await countEnrichments();
    const items = Array.from({ length: 500 }, (_, i) => ({ document: makeCpf(String(400000000 + i)) }));
    v3Error(
      await post("/api/v3/enrichments/batch", { profileId: "prf_person_complete", items, metadata: { big: "x".repeat(200 * 1024) } }),
      413,
      "metadata_too_large",
    );
    expect(await countEnrichments()).toBe(before);
  });

  it("a batch item whose metadata (alone or merged with the batch's) exceeds the limits is refused as invalid_metadata; the others are created", async () => {
    const half = "x".repeat(Math.floor(MAX_METADATA_BYTES * 0.6));
    const res = await post("/api/v3/enrichments/batch", {
      profileId: "prf_person_complete",
      metadata: { a: half },
      items: [
        { document: makeCpf("500000001"), metadata: { b: half } },
        { document: makeCpf("500000002"), metadata: { big: "x".repeat(MAX_METADATA_BYTES + 1) } },
        { document: makeCpf("500000003"), metadata: nested(MAX_METADATA_DEPTH + 1) },
        { document: makeCpf("500000004"), metadata: { a: "replaced" } },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json() as { created: number; items: { index: number; error?: { code: string } }[] };
    expect(body.items.map((i) => i.error?.code ?? "created")).toEqual([
      "invalid_metadata",
      "invalid_metadata",
      "invalid_metadata",
      "created",
    ]);
    expect(body.created).toBe(1);
  });
});

describe("dates PostgreSQL cannot store", () => {
  it("v3 list from/to outside years 0001-9999 (UTC) are 400 invalid_from / invalid_to", async () => {
    v3Error(await get("/api/v3/enrichments?from=0000-01-01T00:00:00Z"), 400, "invalid_from");
    v3Error(await get("/api/v3/enrichments?to=0000-12-31T23:59:59Z"), 400, "invalid_to");
    v3Error(await get(`/api/v3/enrichments?from=${encodeURIComponent("0001-01-01T00:00:00+01:00")}`), 400, "invalid_from");
    v3Error(await get(`/api/v3/enrichments?to=${encodeURIComponent("9999-12-31T23:59:59-01:00")}`), 400, "invalid_to");
    expect((await get("/api/v3/enrichments?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59Z")).statusCode).toBe(200);
  });

  it("v3 usage from/to likewise", async () => {
    v3Error(await get("/api/v3/usage?from=0000-01-01T00:00:00Z", t.workspace.tokens.admin), 400, "invalid_from");
    v3Error(await get("/api/v3/usage?to=0000-01-01T00:00:00Z", t.workspace.tokens.admin), 400, "invalid_to");
    expect((await get("/api/v3/usage?from=0001-01-01T00:00:00Z", t.workspace.tokens.admin)).statusCode).toBe(200);
  });
});

describe("lookups by user-given key", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"])("entity=%s is 400 invalid_entity", async (entity) => {
    v3Error(await get(`/api/v3/enrichments?entity=${entity}`), 400, "invalid_entity");
  });

  it("options.modules named like Object.prototype members is 422 module_not_in_profile (__proto__: 400, refused by the JSON parser)", async () => {
    const proto = await t.request({
      method: "POST",
      url: "/api/v3/enrichments",
      token: token(),
      headers: { "content-type": "application/json" },
      payload: `{"document":"${CPF}","profileId":"prf_person_complete","options":{"modules":{"__proto__":{}}}}`,
    });
    v3Error(proto, 400, "invalid_body");
    for (const name of ["constructor", "toString", "hasOwnProperty"]) {
      const res = await t.request({
        method: "POST",
        url: "/api/v3/enrichments",
        token: token(),
        headers: { "content-type": "application/json" },
        payload: `{"document":"${CPF}","profileId":"prf_person_complete","options":{"modules":{"${name}":{}}}}`,
      });
      v3Error(res, 422, "module_not_in_profile");
    }
  });

  it("include and module names like Object.prototype members are refused or not found, never 500", async () => {
    v3Error(await get("/api/v3/enrichments/enr_missing?include=__proto__"), 400, "invalid_body");
    v3Error(await get("/api/v3/enrichments/enr_missing/modules/__proto__"), 404, "not_found");
  });
});

describe("authentication before the body", () => {
  it("without a token: 401 even for a body that is not JSON, too large or full of NULs", async () => {
    const bad = await t.request({
      method: "POST",
      url: "/api/v3/enrichments",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    v3Error(bad, 401, "unauthorized");
    const huge = await t.request({
      method: "POST",
      url: "/api/v3/enrichments/batch",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ x: "y".repeat(3 * 1024 * 1024) }),
    });
    v3Error(huge, 401, "unauthorized");
    const v2 = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      headers: { "content-type": "application/json", authorization: "Bearer nope" },
      payload: "{not json",
    });
    v2Error(v2, 401);
    expect(v2.headers["www-authenticate"]).toContain("invalid_token");
  });

  it("a role without the permission: 403 before the body is read", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/v3/enrichments",
      token: t.workspace.tokens.viewer,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    v3Error(res, 403, "forbidden");
  });
});

describe("503 only for real unavailability", () => {
  it("a profileId that cannot exist (control characters, very long) is 400 or 404, never 503", async () => {
    v3Error(await post("/api/v3/enrichments", { document: CPF, profileId: `p${NUL}` }), 400, "invalid_body");
    v3Error(await post("/api/v3/enrichments", { document: CPF, profileId: "p".repeat(5000) }), 404, "profile_not_found");
    v3Error(await post("/api/v3/enrichments", { document: CNPJ, profileId: "\u0001" }), 400, "invalid_body");
  });
});
