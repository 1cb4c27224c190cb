// Every field the console shows from the sandbox's current dataset versions has a pt-BR name: an
// analyst reading an enrichment never meets "Share percent" or "Legal nature".
import { describe, expect, it } from "vitest";
import { fieldLabel, hasFieldLabel } from "../../lib/enrichments/data-labels";
import { createSandboxProvider, sandboxDocumentFor } from "../../server/datasets/sandbox";
import { DATASET_VERSIONS, MODULE_NAMES, type Entity } from "../../server/datasets/types";

const provider = createSandboxProvider();

function keysOf(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  return into;
}

describe("field labels", () => {
  for (const entity of ["person", "company"] as Entity[]) {
    it(`name every field of the newest ${entity} datasets (a large network, with lawsuits and owners)`, async () => {
      const document = sandboxDocumentFor("large_network", entity)!.document;
      const unnamed = new Set<string>();
      for (const module of MODULE_NAMES) {
        const version = DATASET_VERSIONS[module][entity].at(-1);
        if (!version || module === "biometrics") continue;
        const result = await provider.fetch({ entity, module, version, document, attempt: 1, round: 0 });
        if (result.kind !== "ok") continue;
        const { rules: _rules, dataset: _dataset, module: _module, ...data } = result.data as Record<string, unknown>;
        // the module's own block is shown under the module's name, not as a field
        const block = data[module] ?? data;
        for (const key of keysOf(block, new Set())) if (!hasFieldLabel(key)) unnamed.add(`${module}.${key}`);
      }
      expect([...unnamed]).toEqual([]);
    });
  }

  it("keeps acronyms and names as they are, and splits an unknown key into words", () => {
    expect(fieldLabel("TJSP")).toBe("TJSP");
    expect(fieldLabel("Ação Trabalhista - Rito Ordinário")).toBe("Ação Trabalhista - Rito Ordinário");
    expect(fieldLabel("sharePercent")).toBe("Participação (%)");
    expect(fieldLabel("someNewField")).toBe("Some new field");
    expect(fieldLabel("constructor")).toBe("Constructor");
  });
});
