// Health, the OpenAPI document and reference page, request ids, and the v3 rate limit (spec 8:
// 50 requests per second, per workspace, 429 beyond with Retry-After).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService } from "../support/harness";

let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false, env: { LUPA_RATE_LIMIT_PER_SECOND: "50" } });
});
afterAll(async () => {
  await t?.close();
});

describe("platform routes", () => {
  it("GET /health answers ok with the database kind", async () => {
    const res = await t.request({ method: "GET", url: "/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: t.services.database.kind });
  });

  it("GET /openapi.json documents every route of the interface, with bearer security", async () => {
    const doc = (await t.request({ method: "GET", url: "/openapi.json" })).json();
    expect(doc.openapi).toBe("3.1.0");
    const expected: [string, string][] = [
      ["post", "/api/v1/authentication"],
      ["post", "/api/v1/authentication/refresh"],
      ["post", "/api/v2/verifications"],
      ["get", "/api/v2/verifications"],
      ["get", "/api/v2/verifications/{id}"],
      ["post", "/api/v3/enrichments"],
      ["get", "/api/v3/enrichments"],
      ["get", "/api/v3/enrichments/{id}"],
      ["get", "/api/v3/enrichments/{id}/modules/{module}"],
      ["post", "/api/v3/enrichments/batch"],
      ["get", "/api/v3/enrichments/{id}/modules/lawsuits/network"],
      ["get", "/api/v3/enrichments/{id}/modules/lawsuits/network/nodes/{ref}"],
      ["get", "/api/v3/profiles"],
      ["get", "/api/v3/profiles/{id}"],
      ["get", "/api/v3/callback-secret"],
    ];
    for (const [method, path] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/api/v2/verifications"].post.requestBody).toBeDefined();
  });

  it("serves a browsable API reference at /docs", async () => {
    let res = await t.request({ method: "GET", url: "/docs" });
    if (res.statusCode === 302)
      res = await t.request({ method: "GET", url: `/docs/${String(res.headers.location).replace(/^\.?\/?(docs\/)?/, "")}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });

  it("echoes a caller's request id and makes one otherwise", async () => {
    const given = await t.request({ method: "GET", url: "/health", headers: { "x-request-id": "req-abc-123" } });
    expect(given.headers["x-request-id"]).toBe("req-abc-123");
    const made = await t.request({ method: "GET", url: "/health", headers: { "x-request-id": "bad id with spaces" } });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("request ids", () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  it.each([
    ["a raw CPF", "52998224725"],
    ["a formatted CPF", "529.982.247-25"],
    ["a CPF with hyphens", "529-982-247-25"],
    ["a CPF inside a token", "req-52998224725-x"],
    ["a numeric CNPJ", "11222333000181"],
    ["an alphanumeric CNPJ", "12ABC34501DE35"],
    ["digits only", "12345678"],
    ["too short", "abc123"],
    ["too long", "a".repeat(65)],
    ["a dot", "req.abc.123"],
    ["spaces", "bad id with spaces"],
  ])("replaces %s with a generated id", async (_name, given) => {
    const res = await t.request({ method: "GET", url: "/health", headers: { "x-request-id": given } });
    expect(res.headers["x-request-id"]).toMatch(uuid);
  });

  it.each(["req-abc-123", "a1b2c3d4", "3f2b8c1e-9a4d-4e2f-8b7a-0c1d2e3f4a5b", "trace_ABCdef_0123456789"])(
    "keeps the opaque token %s",
    async (given) => {
      const res = await t.request({ method: "GET", url: "/health", headers: { "x-request-id": given } });
      expect(res.headers["x-request-id"]).toBe(given);
    },
  );
});

describe("response headers", () => {
  it("every /api/ response is Cache-Control: no-store and every response nosniff, errors included", async () => {
    const token = t.workspace.tokens.admin;
    const responses = await Promise.all([
      t.request({ method: "GET", url: "/api/v2/verifications", token }),
      t.request({ method: "GET", url: "/api/v3/profiles", token }),
      t.request({ method: "GET", url: "/api/v3/enrichments?limit=0", token }),
      t.request({ method: "GET", url: "/api/v3/enrichments/enr_missing", token }),
      t.request({ method: "GET", url: "/api/v3/profiles" }),
      t.request({ method: "GET", url: "/api/v3/nowhere", token }),
      t.request({ method: "POST", url: "/api/v1/authentication", body: { username: "nobody@test.local", password: "wrong-password" } }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 400, 404, 401, 404, 401]);
    for (const res of responses) {
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
    const health = await t.request({ method: "GET", url: "/health" });
    expect(health.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("v3 rate limit", () => {
  it(`allows at most ${50} requests per one-second window per workspace, then 429 rate_limited with Retry-After`, async () => {
    const ws = await t.createWorkspace();
    const other = await t.createWorkspace();
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 160 }, () => t.request({ method: "GET", url: "/api/v3/callback-secret", token: ws.tokens.integration })),
    );
    const ended = Date.now();
    // windows are aligned to the clock: the burst may straddle a boundary
    const windows = Math.floor(ended / 1000) - Math.floor(started / 1000) + 1;
    const ok = responses.filter((r) => r.statusCode === 200).length;
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(ok + limited.length).toBe(160);
    expect(ok).toBeLessThanOrEqual(50 * windows);
    expect(limited.length).toBeGreaterThanOrEqual(160 - 50 * windows);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.json().error.code).toBe("rate_limited");
    expect(Number(limited[0]!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // another workspace has its own budget, and v2 routes are not limited
    expect((await t.request({ method: "GET", url: "/api/v3/callback-secret", token: other.tokens.integration })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/v2/verifications", token: ws.tokens.integration })).statusCode).toBe(200);
  });
});
