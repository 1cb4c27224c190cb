// docs/sandbox.md must not drift from the code: every sandbox document, dataset version and rule
// is documented, and the example documents fire the rules the page says they fire.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDocument, normalizeDocument } from "../../lib/contract/documents";
import { createSandboxProvider, SANDBOX_DOCUMENTS } from "../../server/datasets/sandbox";
import { DATASET_VERSIONS, MODULE_NAMES, type ModuleName } from "../../server/datasets/types";

const page = readFileSync(join(import.meta.dirname, "../../docs/sandbox.md"), "utf8");
const provider = createSandboxProvider();

describe("docs/sandbox.md", () => {
  it("lists every sandbox document, formatted, with its behaviour and holder on the same row", async () => {
    for (const entry of SANDBOX_DOCUMENTS) {
      const row = page.split("\n").find((line) => line.startsWith(`| \`${formatDocument(entry.document)}\` |`));
      expect(row, formatDocument(entry.document)).toBeDefined();
      const [, , entity, behaviour, holder] = row!.split("|").map((cell) => cell.trim());
      expect(entity).toBe(entry.entity);
      expect(behaviour).toBe(`\`${entry.name}\``);
      const result = await provider.fetch({
        entity: entry.entity,
        module: "profile",
        version: "2.0",
        document: entry.document,
        attempt: 2,
        round: 0,
      });
      if (result.kind !== "ok") {
        expect(holder).toBe("(none)");
        continue;
      }
      const profile = result.data.profile as { name: string | { full: string } };
      expect(holder).toBe(typeof profile.name === "string" ? profile.name : profile.name.full);
    }
  });

  it("has a section for every dataset version", () => {
    const headings = page.split("\n").filter((line) => line.startsWith("### "));
    for (const entity of ["person", "company"] as const) {
      for (const module of MODULE_NAMES) {
        for (const version of DATASET_VERSIONS[module][entity]) {
          const name = `${entity}-${module}-${version}`;
          expect(
            headings.some((heading) => heading.includes(name)),
            name,
          ).toBe(true);
        }
      }
    }
  });

  it("documents every rule the datasets can fire", async () => {
    const document = { person: "00300000847", company: "01000003000198" };
    for (const entity of ["person", "company"] as const) {
      for (const module of MODULE_NAMES) {
        for (const version of DATASET_VERSIONS[module][entity]) {
          const result = await provider.fetch({ entity, module, version, document: document[entity], attempt: 1, round: 0 });
          if (result.kind !== "ok") throw new Error(result.kind);
          for (const { rule } of result.data.rules) expect(page, rule).toContain(`\`${rule}\``);
        }
      }
    }
  });

  it("example documents fire the rules the page says", async () => {
    const table = page.slice(page.indexOf("Ordinary documents that happen to fire"), page.indexOf("### Provider options"));
    const rows = [...table.matchAll(/^\| `([^`]+)` \| (.+) \|$/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const [, printed, rulesText] of rows) {
      const normalized = normalizeDocument(printed!);
      expect(normalized, printed).not.toBeNull();
      const fired = new Set<string>();
      for (const module of MODULE_NAMES) {
        const versions = DATASET_VERSIONS[module as ModuleName][normalized!.entity];
        if (versions.length === 0) continue;
        const result = await provider.fetch({
          entity: normalized!.entity,
          module,
          version: versions.at(-1)!,
          document: normalized!.value,
          attempt: 1,
          round: 0,
        });
        if (result.kind === "ok") result.data.rules.filter((r) => r.fired).forEach((r) => fired.add(r.rule));
      }
      for (const [, rule] of rulesText!.matchAll(/`([a-z_]+)`/g)) expect(fired.has(rule!), `${printed} ${rule}`).toBe(true);
    }
  });
});
