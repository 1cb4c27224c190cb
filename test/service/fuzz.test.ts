// The boundary under fuzzing (issue 6): every /api/ route of v1, v2 and v3, found from the app
// itself (the route() registry and every other registered route), receives arbitrary JSON values,
// strings with control characters and lone surrogates, huge and deeply nested values, odd query
// strings (%00, repeated and unknown parameters, __proto__, very long values, invalid
// percent-encoding) and bad path parameters, with a token of a role that may call it, another
// role's, a garbage one or none. Properties: never a 5xx, no request over a second, every error
// in the version's envelope, and the service answers normally afterwards. A new route joins by
// being registered.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { startService, type TestService } from "../support/harness";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { registeredRoutes } from "../../server/http/route";
import { allApiRoutes, type ApiRoute } from "../../server/http/boundary";
import { can, ROLES, type Permission, type Role } from "../../server/auth/permissions";

const RUNS_PER_ROUTE = Number(process.env.LUPA_FUZZ_RUNS ?? 30);
const MAX_MS = 1000;

let t: TestService;
let enrichmentId = "";
let verificationId = "";
beforeAll(async () => {
  // no workers (nothing runs in the background), a short synchronous wait (a valid creation
  // answers 202 quickly), no rate limit in the way
  t = await startService({ workers: false, env: { LUPA_SYNC_WAIT_MS: "100" } });
  const e = await t.request({
    method: "POST",
    url: "/api/v3/enrichments",
    token: t.workspace.tokens.integration,
    body: { document: makeCpf("529982247"), profileId: "prf_person_complete" },
  });
  enrichmentId = e.json().id;
  const v = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token: t.workspace.tokens.integration,
    body: { nationalId: makeCpf("111444777"), verifications: {} },
  });
  verificationId = v.json().id;
});
afterAll(async () => {
  await t?.close();
});

// --- values -----------------------------------------------------------------------------------

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const weirdString = fc.oneof(
  fc.string(),
  { weight: 2, arbitrary: fc.string({ unit: controlChar, minLength: 1, maxLength: 5 }) },
  fc.string({ unit: anyCodeUnit, maxLength: 20 }), // lone surrogates included
  fc.string({ unit: "binary", maxLength: 30 }),
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.oneof(controlChar, fc.constantFrom("\ud800", "\udc00")), fc.string({ maxLength: 10 }))
      .map(([a, c, b]) => a + c + b),
  },
  fc.constantFrom(
    "\u0000",
    "\ud800",
    "\udfff",
    "__proto__",
    "constructor",
    "toString",
    "",
    " ",
    "null",
    "0000-01-01T00:00:00Z",
    "9999-12-31T23:59:59-23:59",
    "+275760-09-13T00:00:00Z",
    "-1",
    "1e309",
    "NaN",
  ),
  fc.constantFrom(
    makeCpf("529982247"),
    makeCnpj("112223330001"),
    "prf_person_complete",
    "prf_company_complete",
    "enrichment",
    "person",
    "pj",
    "data",
    "lawsuits",
    "2026-01-01T00:00:00Z",
  ),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => "x".repeat(n)),
);

/** Objects nested `depth` levels, built without recursion. */
const nested = (depth: number, leaf: unknown = "leaf"): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

const FIELDS = [
  "document",
  "profileId",
  "metadata",
  "callback",
  "options",
  "items",
  "nationalId",
  "verifications",
  "input",
  "username",
  "password",
  "refreshToken",
  "modules",
  "deadline",
  "url",
  "headers",
  "__proto__",
  "constructor",
  "",
];
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: weirdString });

const jsonish: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    weirdString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fieldName, tie("value"), { maxKeys: 5 }),
  ),
})).value;

const bigValue = fc.oneof(
  fc.integer({ min: 1, max: 1000 }).map((depth) => nested(depth)), // deeper ones are raw payloads below (JSON.stringify's own stack)
  fc.integer({ min: 100, max: 5000 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
  fc
    .integer({ min: 10, max: 600 })
    .map((n) => Array.from({ length: n }, (_, i) => ({ document: makeCpf(String(100000000 + i)), metadata: { i } }))),
  fc.integer({ min: 1, max: 1_500_000 }).map((n) => "y".repeat(n)),
);

const body = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.dictionary(fieldName, fc.oneof({ weight: 4, arbitrary: jsonish }, { weight: 1, arbitrary: bigValue }), { maxKeys: 6 }),
  },
  { weight: 1, arbitrary: jsonish },
  { weight: 1, arbitrary: bigValue },
);

/** Raw payloads that are not what JSON.stringify makes. */
const rawPayload = fc.oneof(
  fc.constantFrom(
    "{not json",
    "",
    "null",
    "[]",
    '"\\u0000"',
    '{"a":"\\ud800"}',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{}}}',
    "\u0000",
    '{"a":1,"a":2}',
  ),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  fc.string({ unit: "binary", maxLength: 200 }),
);

// --- mutations of a valid request ------------------------------------------------------------
// Random input is mostly refused at the first check; to reach deeper checks (and the database),
// valid requests of the routes known today are also mutated one field at a time. Routes added
// later get the random input until they are given an example here.

const CPF = makeCpf("529982247");
const HOOK = { url: "https://hooks.example.com/lupa", headers: { "X-Token": "abc" } };
const EXAMPLES: Record<string, { query?: Record<string, string>; body?: unknown }> = {
  "POST /api/v1/authentication": { body: { username: "someone@test.local", password: "secret-password" } },
  "POST /api/v1/authentication/refresh": { body: { refreshToken: "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl" } },
  "POST /api/v2/verifications": {
    body: {
      nationalId: CPF,
      profileId: "prf_kyc_person",
      verifications: { type: "kyc", finance: { restrictions: true } },
      input: [{ attribute: "name", value: "Maria" }],
      callback: { ...HOOK, method: "POST" },
    },
  },
  "GET /api/v2/verifications": {
    query: {
      nationalId: CPF,
      search: "Maria",
      status: "COMPLETED",
      feedbackStatus: "APPROVED",
      incomplete: "true",
      page: "1",
      limit: "10",
      scoreGte: "1",
      scoreLte: "900",
    },
  },
  "POST /api/v3/enrichments": {
    body: {
      document: CPF,
      profileId: "prf_person_complete",
      metadata: { ref: "a", nested: { list: [1, "b"] } },
      callback: HOOK,
      options: { modules: {}, deadline: "1h" },
    },
  },
  "GET /api/v3/enrichments": {
    query: {
      from: "2020-01-01T00:00:00Z",
      to: "2030-01-01T00:00:00Z",
      document: CPF,
      profileId: "prf_person_complete",
      entity: "person",
      batchId: "bat_x",
      lane: "batch",
      limit: "5",
    },
  },
  "GET /api/v3/enrichments/:id": { query: { include: "profile,lawsuits" } },
  "POST /api/v3/enrichments/batch": {
    body: {
      profileId: "prf_person_complete",
      items: [{ document: CPF, metadata: { row: 1 } }, { document: makeCpf("111444777") }],
      metadata: { source: "fuzz" },
      callback: HOOK,
      options: { deadline: "2h" },
    },
  },
  "GET /api/v3/profiles": { query: { kind: "enrichment" } },
  "GET /api/v3/usage": { query: { from: "2020-01-01T00:00:00Z", to: "2030-01-01T00:00:00Z" } },
};

type Path = (string | number)[];
function pathsOf(value: unknown): Path[] {
  const out: Path[] = [];
  const stack: { v: unknown; p: Path }[] = [{ v: value, p: [] }];
  while (stack.length > 0) {
    const { v, p } = stack.pop()!;
    if (p.length > 0) out.push(p);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, p: [...p, i] }));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) stack.push({ v: x, p: [...p, k] });
  }
  return out;
}

/** The example with the value at one path replaced, or its key renamed, or removed. */
function mutate(example: unknown, path: Path, mode: "value" | "key" | "drop", replacement: unknown, key: string): unknown {
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (mode === "value") parent[last] = replacement;
  else if (mode === "drop") delete parent[last];
  else if (!Array.isArray(parent)) {
    const value = parent[last];
    delete parent[last];
    Object.defineProperty(parent, key, { value, enumerable: true, configurable: true, writable: true });
  }
  return copy;
}

/** The example with one to three of its fields mutated. */
function mutated(example: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(example);
  if (paths.length === 0) return fc.constant(example);
  const mutation = fc.record({
    path: fc.constantFrom(...paths),
    mode: fc.constantFrom<"value" | "key" | "drop">("value", "value", "value", "key", "drop"),
    replacement: fc.oneof({ weight: 4, arbitrary: weirdString }, { weight: 2, arbitrary: jsonish }, { weight: 1, arbitrary: bigValue }),
    key: weirdString.filter((k) => k.length < 100),
  });
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) =>
    mutations.reduce((value, { path, mode, replacement, key }) => {
      try {
        return mutate(value, path, mode, replacement, key);
      } catch {
        return value; // an earlier mutation removed this path
      }
    }, example),
  );
}

// --- URLs -------------------------------------------------------------------------------------

const percent = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80"; // lone surrogate: encoded as the invalid UTF-8 it would be
  }
};
const rawSegment = fc.constantFrom(
  "%00",
  "%zz",
  "%",
  "%ED%A0%80",
  "%C0%80",
  "%FF",
  "..",
  "%2e%2e",
  "%2F",
  "a%00b",
  "__proto__",
  "constructor",
  "%0A",
  "%09",
);

function pathParam(name: string): fc.Arbitrary<string> {
  const valid = {
    id: [enrichmentId, verificationId, "prf_person_complete"],
    module: ["profile", "lawsuits", "related"],
    ref: ["nod_AAAAAAAAAAAAAAAAAAAAAA"],
  }[name] ?? ["x"];
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...valid) },
    { weight: 2, arbitrary: rawSegment },
    { weight: 3, arbitrary: weirdString.filter((s) => s.length > 0 && s.length < 5000).map(percent) },
    { weight: 1, arbitrary: fc.integer({ min: 2000, max: 8000 }).map((n) => "i".repeat(n)) },
  );
}

const QUERY_NAMES = [
  "cursor",
  "limit",
  "from",
  "to",
  "document",
  "profileId",
  "entity",
  "batchId",
  "lane",
  "include",
  "kind",
  "nationalId",
  "status",
  "search",
  "feedbackStatus",
  "incomplete",
  "page",
  "scoreGte",
  "scoreLte",
  "__proto__",
  "constructor",
  "a[b]",
  "",
  "%00",
];
const queryPair = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...QUERY_NAMES) },
      { weight: 1, arbitrary: weirdString.filter((s) => s.length < 200).map(percent) },
    ),
    fc.oneof({ weight: 3, arbitrary: weirdString.filter((s) => s.length < 9000).map(percent) }, { weight: 1, arbitrary: rawSegment }),
  )
  .map(([k, v]) => (k === "" ? `=${v}` : `${k.includes("%") ? k : percent(k)}=${v}`));
const queryString = fc.oneof(
  fc.constant(""),
  fc.array(queryPair, { minLength: 1, maxLength: 6 }).map((pairs) => `?${pairs.join("&")}`),
  fc.constantFrom("?", "?&&", "?a", "?limit=1&limit=2", "?%00", "?a=%", "?__proto__[x]=1", "?constructor.prototype.x=1"),
);

function mutatedQuery(example: Record<string, string>): fc.Arbitrary<string> {
  return mutated(example).map((q) => {
    const pairs = Object.entries(q as Record<string, unknown>).map(
      ([k, v]) => `${percent(k)}=${percent(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))}`,
    );
    return pairs.length > 0 ? `?${pairs.join("&")}` : "";
  });
}

function url(route: ApiRoute): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const example = EXAMPLES[`${route.method} ${route.url}`]?.query;
  const query = example ? fc.oneof({ weight: 2, arbitrary: mutatedQuery(example) }, { weight: 1, arbitrary: queryString }) : queryString;
  return fc.tuple(fc.tuple(...names.map(pathParam)), query).map(([values, query]) => {
    let path = route.url;
    names.forEach((name, i) => {
      path = path.replace(`:${name}`, values[i]!);
    });
    return path + query;
  });
}

// --- callers ----------------------------------------------------------------------------------

type Caller = { kind: "role"; role: Role } | { kind: "none" } | { kind: "garbage" };
function callers(permission: string | null): fc.Arbitrary<Caller> {
  const allowed = ROLES.filter((role) => permission === null || can(role, permission as Permission));
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...allowed).map((role): Caller => ({ kind: "role", role })) },
    { weight: 1, arbitrary: fc.constantFrom(...ROLES).map((role): Caller => ({ kind: "role", role })) },
    { weight: 1, arbitrary: fc.constantFrom<Caller>({ kind: "none" }, { kind: "garbage" }) },
  );
}

function request(route: ApiRoute) {
  const example = EXAMPLES[`${route.method} ${route.url}`]?.body;
  const payload =
    route.method === "GET"
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: example ? 5 : 0, arbitrary: example ? mutated(example).map((b) => JSON.stringify(b)) : fc.constant("{}") },
          { weight: 2, arbitrary: body.map((b) => JSON.stringify(b)) },
          { weight: 1, arbitrary: rawPayload },
        );
  const contentType = fc.oneof(
    { weight: 15, arbitrary: fc.constant("application/json") },
    { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/json; charset=latin1", "") },
  );
  return fc.record({ url: url(route), caller: callers(route.permission), payload, contentType });
}

function headersOf(caller: Caller, contentType: string, hasPayload: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (caller.kind === "role") headers.authorization = `Bearer ${t.workspace.tokens[caller.role]}`;
  if (caller.kind === "garbage") headers.authorization = "Bearer eyJhbGciOiJub25lIn0.eyJ4IjoxfQ.";
  if (hasPayload && contentType) headers["content-type"] = contentType;
  return headers;
}

// --- the test ---------------------------------------------------------------------------------

/** An error body in the route's version's envelope: v3 and review {error: {code, message}}, else {error: message}. */
function inEnvelope(route: ApiRoute, body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    // the review API (/api/review/v1) answers in the v3 envelope too
    if (route.url.startsWith("/api/v3/") || route.url.startsWith("/api/review/")) {
      const e = parsed.error as { code?: unknown; message?: unknown } | undefined;
      return typeof e?.code === "string" && typeof e.message === "string" && Object.keys(parsed).length === 1;
    }
    return typeof parsed.error === "string" && Object.keys(parsed).length === 1;
  } catch {
    return false;
  }
}

function routesUnderTest(): ApiRoute[] {
  const all = allApiRoutes(t.app);
  // routes declared with route() are all there too (and would be found if they were not)
  for (const r of registeredRoutes(t.app)) {
    if (!all.some((a) => a.method === r.method && a.url === r.url)) all.push({ method: r.method, url: r.url, permission: r.permission });
  }
  return all;
}

describe("fuzzing every API route", () => {
  it("finds every route of v1, v2 and v3", () => {
    const routes = routesUnderTest().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      "POST /api/v1/authentication",
      "POST /api/v1/authentication/refresh",
      "POST /api/v2/verifications",
      "GET /api/v2/verifications/:id",
      "POST /api/v3/enrichments",
      "POST /api/v3/enrichments/batch",
      "GET /api/v3/enrichments/:id/modules/lawsuits/network/nodes/:ref",
      "GET /api/v3/usage",
    ]) {
      expect(routes).toContain(expected);
    }
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it("never answers 5xx nor takes over a second, on any route", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of routesUnderTest()) {
      const before = failures.length;
      await fc
        .assert(
          fc.asyncProperty(request(route), async ({ url: target, caller, payload, contentType }) => {
            const send = async () => {
              const started = performance.now();
              const res = await t.app.inject({
                method: route.method as "GET",
                url: target,
                headers: headersOf(caller, contentType, payload !== undefined),
                ...(payload !== undefined ? { payload } : {}),
              });
              return { res, ms: performance.now() - started };
            };
            let res: LightMyRequestResponse;
            let ms: number;
            try {
              ({ res, ms } = await send());
              // the machine may be busy: a slow request is sent once more, and only slow twice fails
              if (ms > MAX_MS && res.statusCode < 500) ({ res, ms } = await send());
            } catch (error) {
              failures.push(`${route.method} ${target.slice(0, 200)}: inject threw ${(error as Error).message}`);
              return false;
            }
            requests++;
            if (res.statusCode >= 500 || ms > MAX_MS || (res.statusCode >= 400 && !inEnvelope(route, res.body))) {
              failures.push(
                `${route.method} ${target.slice(0, 200)} ${caller.kind === "role" ? caller.role : caller.kind} body ${String(payload).slice(0, 200)}: ${res.statusCode} in ${Math.round(ms)} ms ${res.body.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // a failed property has recorded its request; anything else is a failure of its own
          if (failures.length === before) failures.push(`${route.method} ${route.url}: ${String(error).slice(0, 300)}`);
        });
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(RUNS_PER_ROUTE * 15);
  });

  it("the service still answers normally afterwards", async () => {
    const token = t.workspace.tokens.integration;
    const created = await t.request({
      method: "POST",
      url: "/api/v3/enrichments",
      token,
      body: { document: makeCpf("123456789"), profileId: "prf_person_complete", metadata: { after: "fuzz" } },
    });
    expect([200, 202]).toContain(created.statusCode);
    const read = await t.request({ method: "GET", url: `/api/v3/enrichments/${created.json().id}`, token });
    expect(read.statusCode).toBe(200);
    expect(read.json().metadata).toEqual({ after: "fuzz" });
    const v = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token,
      body: { nationalId: makeCpf("987654321"), verifications: {} },
    });
    expect(v.statusCode).toBe(201);
    expect((await t.request({ method: "GET", url: `/api/v2/verifications/${v.json().id}`, token })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/health" })).statusCode).toBe(200);
  });
});
