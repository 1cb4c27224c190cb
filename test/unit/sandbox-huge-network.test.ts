// The huge_network sandbox documents (docs/sandbox.md): more than 300 related parties on three
// levels, every `via` naming a party of the same network, most with lawsuits.
import { describe, expect, it } from "vitest";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { relatedNodes } from "../../server/datasets/sandbox/related/nodes";
import { relatedParties } from "../../server/datasets/related-parties";
import { createSandboxProvider } from "../../server/datasets/sandbox";

describe("huge_network", () => {
  for (const entity of ["company", "person"] as const) {
    it(`${entity}: over 300 nodes on three levels, via inside the network, most with lawsuits`, async () => {
      const { document } = sandboxDocumentFor("huge_network", entity)!;
      const nodes = relatedNodes(document, entity);
      expect(nodes.length).toBeGreaterThanOrEqual(300);
      const documents = new Set(nodes.map((n) => n.document));
      const depth = new Map<string, number>();
      const depthOf = (doc: string): number => {
        const node = nodes.find((n) => n.document === doc)!;
        if (!node.via) return 1;
        return depth.get(doc) ?? depth.set(doc, 1 + depthOf(node.via)).get(doc)!;
      };
      for (const n of nodes) if (n.via) expect(documents.has(n.via)).toBe(true);
      expect(Math.max(...nodes.map((n) => depthOf(n.document)))).toBe(3);
      expect(nodes.filter((n) => n.lawsuits > 0).length).toBeGreaterThan(nodes.length / 2);

      const result = await createSandboxProvider().fetch({ entity, module: "related", version: "2.0", document, attempt: 1, round: 0 });
      if (result.kind !== "ok") throw new Error(result.kind);
      const parties = relatedParties(result.data);
      expect(parties).toHaveLength(nodes.length);
      expect(parties.filter((p) => p.relations.some((r) => typeof r.via === "string")).length).toBeGreaterThan(200);
      expect(parties.filter((p) => p.restrictiveList === true).length).toBe(2);
    });
  }
});
