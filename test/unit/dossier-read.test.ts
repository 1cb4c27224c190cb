// One typed reading of the dossier's lawsuits and related parties (issue 20, item 4): the console's
// view (lib/verifications/to-dossier.ts) and the AI summary's facts (server/ai/facts.ts, which the
// PDF reads too) read them through lib/contract/dossier-read.ts, so they agree on every dataset
// version: the same lawsuits with the same sides and activity, the same parties. Before, the
// console read lawsuits 1.0 (`processos`) as no lawsuit at all while the summary counted them.
import { describe, expect, it } from "vitest";
import { readLawsuits, readRelatedParties } from "../../lib/contract/dossier-read";
import { toDossier } from "../../lib/verifications/to-dossier";
import { dossierFacts } from "../../server/ai/facts";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { buildModuleData } from "../../server/datasets/sandbox/formats";
import { DATASET_VERSIONS, type Entity } from "../../server/datasets/types";

const blockOf = (entity: Entity, module: "lawsuits" | "related", version: string, document: string) =>
  (buildModuleData(entity, module, version, document) as unknown as Record<string, Record<string, unknown>>)[module]!;

describe("the dossier's lawsuits, one reading", () => {
  for (const entity of ["person", "company"] as Entity[])
    for (const version of DATASET_VERSIONS.lawsuits[entity])
      it(`${entity} lawsuits ${version}: the console and the summary list the same lawsuits`, () => {
        const document = sandboxDocumentFor("large_network", entity)!.document;
        const block = blockOf(entity, "lawsuits", version, document);
        const lawsuits = readLawsuits(block);
        const raw = (block.items ?? block.processos) as unknown[];
        expect(raw.length).toBeGreaterThan(0);
        expect(lawsuits).toHaveLength(raw.length);
        for (const l of lawsuits) {
          expect(l.number).toMatch(/\d/);
          expect(["defendant", "plaintiff", "other"]).toContain(l.side);
          if (l.filedAt) expect(l.filedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
        expect(lawsuits.some((l) => l.side !== "other")).toBe(true);

        const console = toDossier({ lawsuits: block }, null).lawsuits!;
        const facts = dossierFacts({ entity, nationalId: document, dossier: { lawsuits: block }, result: null, score: null }).lawsuits;
        expect(console.items.map((l) => [l.number, l.side, l.active])).toEqual(lawsuits.map((l) => [l.number, l.side, l.active]));
        expect(facts.items.map((l) => [l.number, l.side, l.active])).toEqual(lawsuits.map((l) => [l.number, l.side, l.active]));
        expect(facts.asDefendant).toBe(console.items.filter((l) => l.side === "defendant").length);
        expect(facts.active).toBe(console.items.filter((l) => l.active).length);
      });
});

describe("the dossier's related parties, one reading", () => {
  for (const entity of ["person", "company"] as Entity[])
    for (const version of DATASET_VERSIONS.related[entity])
      it(`${entity} related ${version}: the console and the summary list the same parties`, () => {
        const document = sandboxDocumentFor("large_network", entity)!.document;
        const block = blockOf(entity, "related", version, document);
        const parties = readRelatedParties(block);
        expect(parties.length).toBeGreaterThan(0);
        for (const p of parties) expect(p.role ?? p.qualification, JSON.stringify(p)).not.toBeNull();

        const related = toDossier({ related: block }, null).related!;
        const shown = [...related.persons, ...related.companies];
        const facts = dossierFacts({ entity, nationalId: document, dossier: { related: block }, result: null, score: null }).related;
        expect(shown).toHaveLength(parties.length);
        expect(new Set(facts.parties.map((p) => p.document))).toEqual(new Set(parties.map((p) => p.document).filter(Boolean)));
        expect(related.companies.length).toBe(parties.filter((p) => p.entity === "company").length);
      });
});
