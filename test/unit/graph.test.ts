// The investigation graph's pure parts (issue 33): node ids (typed, stable, never a full CPF),
// the contact-key normalization, and the timeline's words for its audit events.
import { describe, expect, it } from "vitest";
import { maskedOf, parseNodeId, partnerId } from "../../server/graph/ids";
import { addressKey } from "../../server/registry/contact-keys";
import { auditEventDetail, auditEventLabel } from "../../lib/review/labels";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";

describe("node ids", () => {
  it("parses each type and refuses anything else", () => {
    const cnpj = makeCnpj("112223330001");
    expect(parseNodeId(`company:${cnpj}`)).toEqual({ type: "company", id: `company:${cnpj}`, cnpj });
    expect(parseNodeId("company:11222333000100")).toBeNull(); // bad check digits
    expect(parseNodeId("partner:***220050**:MARIA DA SILVA")).toMatchObject({
      type: "partner",
      masked: "***220050**",
      name: "MARIA DA SILVA",
    });
    expect(parseNodeId("partner:-:JOHN SMITH")).toMatchObject({ masked: null });
    expect(parseNodeId("partner:***220050**:Maria da Silva")).toBeNull(); // not folded
    expect(parseNodeId(`partner:${makeCpf("123220050")}:MARIA`)).toBeNull(); // a full CPF is not a mask
    expect(parseNodeId("person:0F8FAD5B-D9CB-469F-A165-70867728950E")).toMatchObject({
      verificationId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    });
    expect(parseNodeId(`person:${makeCpf("123220050")}`)).toBeNull();
    expect(parseNodeId("lawsuit:0001234-56.2020.8.26.0100")).toMatchObject({ type: "lawsuit", number: "0001234-56.2020.8.26.0100" });
    for (const bad of ["", "company", "foo:1", "lawsuit:abc", "partner:***220050**", "partner:x:NAME"]) expect(parseNodeId(bad)).toBeNull();
  });

  it("builds a partner's id from Receita's mask and the folded name", () => {
    expect(partnerId("***220050**", "Maria da Conceição  D'Ávila")).toBe("partner:***220050**:MARIA DA CONCEICAO D'AVILA");
    expect(partnerId(null, "John Smith")).toBe("partner:-:JOHN SMITH");
    // a colon in a name cannot break the id, and the id parses back
    expect(parseNodeId(partnerId("***220050**", "ACME: FILIAL"))).toMatchObject({ name: "ACME FILIAL" });
    expect(maskedOf(makeCpf("123220050"))).toBe("***220050**");
  });
});

describe("contact keys", () => {
  it("normalizes an address as the SQL expression does", () => {
    expect(addressKey({ street_type: "avenida", street: "PAULISTA ", number: "1578", complement: "ANDAR 2  A", cep: "01310200" })).toBe(
      "AVENIDA PAULISTA 1578 ANDAR 2 A 01310200",
    );
    expect(addressKey({ street: null })).toBeNull();
  });
});

describe("timeline words", () => {
  it("labels the graph's audit events in pt-BR", () => {
    expect(auditEventLabel("graph.snapshot_saved")).toBe("Grafo salvo no caso");
    expect(auditEventLabel("graph.exported")).toBe("Grafo exportado");
    expect(auditEventDetail("graph.snapshot_saved", { title: "Rede da ACME", nodeCount: 1200 })).toBe("Rede da ACME · 1.200 nós");
    expect(auditEventDetail("graph.exported", { format: "graphml", nodeCount: 12 })).toBe("GRAPHML · 12 nós");
  });
});

describe("the graph's gate", () => {
  it("runs at most `size` walks at once, the others in their order of arrival", async () => {
    const { Gate } = await import("../../server/graph/gate");
    const gate = new Gate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const walk = (i: number) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running--;
        if (i === 3) throw new Error("a failed walk frees its place");
        return i;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(walk));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
  });
});
