// /openapi.json documents every route registered with route(), with the response fields of the
// contract (lib/contract), and lints clean with `redocly lint` (rules in redocly.yaml).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService } from "../support/harness";
import { registeredRoutes } from "../../server/http/route";

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
};
type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }>; operationId?: string };
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestService;
let doc: Document;
beforeAll(async () => {
  t = await startService({ workers: false });
  const res = await t.request({ method: "GET", url: "/openapi.json" });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, "{$1}");

function responseSchema(url: string, method: string, status: number): Schema {
  const operation = doc.paths[openApiPath(url)]?.[method];
  expect(operation, `${method} ${url}`).toBeDefined();
  const schema = operation!.responses[String(status)]?.content?.["application/json"]?.schema;
  expect(schema, `${method} ${url} ${status}`).toBeDefined();
  return schema!;
}

const propertiesOf = (schema: Schema) => Object.keys(schema.properties ?? {});
/** Properties of every alternative of a union (the v2 record's two shapes, the network's two answers). */
const alternatives = (schema: Schema) => schema.anyOf ?? schema.oneOf ?? [schema];

describe("/openapi.json", () => {
  it("documents every route registered with route()", () => {
    for (const r of registeredRoutes(t.app)) {
      expect(doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
    expect(registeredRoutes(t.app).length).toBeGreaterThanOrEqual(16);
  });

  it("shows the response fields of the main resources", () => {
    const record = alternatives(responseSchema("/api/v2/verifications/:id", "get", 200));
    expect(record.map(propertiesOf)).toEqual([
      expect.arrayContaining(["id", "status", "profileId", "verifications", "result", "person", "business", "version"]),
      expect.arrayContaining(["id", "status", "verification"]),
    ]);
    const person = record[0]!.properties!.person!;
    expect(propertiesOf(person)).toEqual(expect.arrayContaining(["profile", "finance"]));
    const profile = alternatives(person.properties!.profile!).find((s) => s.type === "object")!;
    expect(propertiesOf(profile)).toEqual(
      expect.arrayContaining(["name", "fiscalStatus", "birthDate", "blacklisted", "contacts", "indicators"]),
    );
    expect(propertiesOf(responseSchema("/api/v2/verifications", "get", 200))).toEqual(["verifications", "page", "limit", "total"]);

    const enrichment = responseSchema("/api/v3/enrichments/:id", "get", 200);
    expect(propertiesOf(enrichment)).toEqual(
      expect.arrayContaining(["id", "status", "outcome", "entity", "document", "profile", "metadata", "modules", "lane", "data"]),
    );
    const list = responseSchema("/api/v3/enrichments", "get", 200);
    expect(propertiesOf(list.properties!.items!.items!)).toEqual(expect.arrayContaining(["id", "status", "lane", "recoveryRound"]));
    expect(propertiesOf(responseSchema("/api/v3/profiles/:id", "get", 200))).toEqual(["profile", "entity", "modules"]);
    expect(propertiesOf(responseSchema("/api/v3/enrichments/batch", "post", 202))).toEqual([
      "batchId",
      "total",
      "created",
      "failed",
      "items",
    ]);
    const network = alternatives(responseSchema("/api/v3/enrichments/:id/modules/lawsuits/network", "get", 200));
    expect(network.map(propertiesOf)).toEqual([
      ["status", "nodes"],
      ["status", "reason"],
    ]);
    expect(propertiesOf(responseSchema("/api/v3/enrichments/:id/modules/lawsuits/network/nodes/:ref", "get", 200))).toEqual([
      "node",
      "dataset",
      "module",
      "lawsuits",
      "rules",
    ]);
    expect(propertiesOf(responseSchema("/api/v3/usage", "get", 200))).toEqual(["workspaceId", "from", "to", "actions", "total"]);
    expect(propertiesOf(responseSchema("/api/v1/authentication", "post", 200))).toEqual(
      expect.arrayContaining(["accessToken", "refreshToken", "expiresIn"]),
    );
    expect(propertiesOf(responseSchema("/api/v3/enrichments/:id", "get", 404))).toEqual(["error"]);
    expect(responseSchema("/api/v2/verifications/:id", "get", 404).properties!.error!.type).toBe("string");
  });

  it("lints clean with redocly (recommended rules, redocly.yaml)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lupa-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const run = promisify(execFile);
      const result = await run("npx", ["redocly", "lint", file, "--config", "redocly.yaml", "--format", "json"], {
        maxBuffer: 32 * 1024 * 1024,
      }).catch((error: { stdout: string; stderr: string }) => ({ stdout: error.stdout, stderr: error.stderr }));
      const report = JSON.parse(result.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
