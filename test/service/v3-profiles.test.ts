// v3 profiles (spec 2.5b, 4.4), callback secret and usage: shapes, filters, visibility and errors.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { profiles } from "../../server/db/schema";

let t: TestService;
let other: TestWorkspace;
beforeAll(async () => {
  t = await startService();
  other = await t.createWorkspace();
  await t.services.db.insert(profiles).values([
    {
      id: "prf_ws_own",
      workspaceId: t.workspace.id,
      name: "Own",
      kind: "enrichment",
      entity: "person",
      billingAction: "enrichment.person",
      modules: { profile: { dataset: "person-profile-1.0" } },
    },
    {
      id: "prf_ws_inactive",
      workspaceId: t.workspace.id,
      name: "Inactive",
      kind: "enrichment",
      entity: "person",
      billingAction: "enrichment.person",
      active: false,
      modules: { profile: { dataset: "person-profile-1.0" } },
    },
    {
      id: "prf_ws_foreign",
      workspaceId: other.id,
      name: "Foreign",
      kind: "enrichment",
      entity: "person",
      billingAction: "enrichment.person",
      modules: { profile: { dataset: "person-profile-1.0" } },
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = t.workspace.tokens.viewer) => t.request({ method: "GET", url, token });

describe("GET /api/v3/profiles", () => {
  it("lists active global and own profiles in the 2.5b shape", async () => {
    const res = await get("/api/v3/profiles");
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((p: { profile: { id: string } }) => p.profile.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "prf_person_complete",
        "prf_person_registry",
        "prf_company_complete",
        "prf_kyc_person",
        "prf_kyb_company",
        "prf_ws_own",
      ]),
    );
    expect(ids).not.toContain("prf_ws_inactive");
    expect(ids).not.toContain("prf_ws_foreign");
    const complete = res.json().items.find((p: { profile: { id: string } }) => p.profile.id === "prf_person_complete");
    expect(complete).toEqual({
      profile: { id: "prf_person_complete", name: "Pessoa física – completo", kind: "enrichment" },
      entity: "person",
      modules: {
        profile: { dataset: "person-profile-2.0" },
        finance: { dataset: "person-finance-1.1" },
        lawsuits: { dataset: "person-lawsuits-3.0" },
        related: { dataset: "person-related-2.0" },
        financeAdvanced: { dataset: "person-financeAdvanced-2.0" },
      },
    });
  });

  it("filters by kind", async () => {
    const enrichment = (await get("/api/v3/profiles?kind=enrichment")).json().items;
    expect(enrichment.length).toBeGreaterThan(0);
    expect(enrichment.every((p: { profile: { kind: string } }) => p.profile.kind === "enrichment")).toBe(true);
    const verification = (await get("/api/v3/profiles?kind=verification")).json().items;
    expect(verification.map((p: { profile: { id: string } }) => p.profile.id).sort()).toEqual(["prf_kyb_company", "prf_kyc_person"]);
  });

  it("refuses an unknown kind or parameter with 400 invalid_body", async () => {
    for (const url of ["/api/v3/profiles?kind=scoring", "/api/v3/profiles?foo=1"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid_body");
    }
  });

  it("needs a token", async () => {
    expect((await t.request({ method: "GET", url: "/api/v3/profiles" })).statusCode).toBe(401);
  });
});

describe("GET /api/v3/profiles/:id", () => {
  it("returns one profile", async () => {
    const res = await get("/api/v3/profiles/prf_company_complete");
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toEqual({ id: "prf_company_complete", name: "Pessoa jurídica – completo", kind: "enrichment" });
    expect(res.json().entity).toBe("company");
    expect(res.json().modules.ownersLawsuits).toEqual({ dataset: "company-ownersLawsuits-1.0" });
    expect((await get("/api/v3/profiles/prf_ws_own")).json().profile.name).toBe("Own");
  });

  it("answers 404 profile_not_found for unknown, inactive and foreign profiles", async () => {
    for (const id of ["prf_nope", "prf_ws_inactive", "prf_ws_foreign", "x".repeat(90)]) {
      const res = await get(`/api/v3/profiles/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "profile_not_found", message: expect.any(String) } });
    }
  });
});

describe("GET /api/v3/callback-secret", () => {
  it("returns the workspace's secret in hex to integration and admin, 403 to others", async () => {
    const res = await get("/api/v3/callback-secret", t.workspace.tokens.integration);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await get("/api/v3/callback-secret", t.workspace.tokens.admin)).json().secret).toBe(res.json().secret);
    expect((await get("/api/v3/callback-secret", other.tokens.admin)).json().secret).not.toBe(res.json().secret);
    expect((await get("/api/v3/callback-secret", t.workspace.tokens.viewer)).statusCode).toBe(403);
    expect((await get("/api/v3/callback-secret", t.workspace.tokens.analyst)).statusCode).toBe(403);
  });
});

describe("GET /api/v3/usage", () => {
  it("counts billing entries per action in [from, to), admin only", async () => {
    const { billingEntries } = await import("../../server/db/schema");
    const at = (iso: string) => new Date(iso);
    await t.services.db.insert(billingEntries).values([
      {
        id: randomUUID(),
        workspaceId: t.workspace.id,
        enrichmentId: "enr_a",
        action: "enrichment.person",
        createdAt: at("2026-01-10T10:00:00Z"),
      },
      {
        id: randomUUID(),
        workspaceId: t.workspace.id,
        enrichmentId: "enr_a",
        action: "addon.financeAdvanced",
        createdAt: at("2026-01-10T10:00:00Z"),
      },
      {
        id: randomUUID(),
        workspaceId: t.workspace.id,
        enrichmentId: "enr_b",
        action: "enrichment.person",
        createdAt: at("2026-02-10T10:00:00Z"),
      },
      {
        id: randomUUID(),
        workspaceId: other.id,
        enrichmentId: "enr_c",
        action: "enrichment.person",
        createdAt: at("2026-01-10T10:00:00Z"),
      },
    ]);
    const all = await get("/api/v3/usage", t.workspace.tokens.admin);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      workspaceId: t.workspace.id,
      from: null,
      to: null,
      total: 3,
      actions: [
        { action: "addon.financeAdvanced", count: 1 },
        { action: "enrichment.person", count: 2 },
      ],
    });
    const january = await get("/api/v3/usage?from=2026-01-01T00:00:00Z&to=2026-02-10T10:00:00Z", t.workspace.tokens.admin);
    expect(january.json()).toMatchObject({ from: "2026-01-01T00:00:00.000Z", to: "2026-02-10T10:00:00.000Z", total: 2 });
    expect((await get("/api/v3/usage", t.workspace.tokens.analyst)).statusCode).toBe(403);
    expect((await get("/api/v3/usage", t.workspace.tokens.integration)).statusCode).toBe(403);
    for (const [query, code] of [
      ["from=yesterday", "invalid_from"],
      ["to=2026-02-30T00:00:00Z", "invalid_to"],
      ["from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", "invalid_date_range"],
    ]) {
      const res = await get(`/api/v3/usage?${query}`, t.workspace.tokens.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
  });
});
