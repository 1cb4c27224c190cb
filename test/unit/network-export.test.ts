// The lawsuit network's export (lib/network/export.ts): the file name folds accents and is not
// prefixed twice, and a name under a node is wrapped whole, never cut.
import { describe, expect, it } from "vitest";
import { exportFileName, wrapLabel } from "../../lib/network/export";

describe("exportFileName", () => {
  it("folds accents and does not repeat the prefix of a title that already says it", () => {
    expect(exportFileName("Rede de processos – Oliveira Agropecuária Ltda", "png")).toBe(
      "rede-de-processos-oliveira-agropecuaria-ltda.png",
    );
    expect(exportFileName("Rede de processos – João Conceição", "json")).toBe("rede-de-processos-joao-conceicao.json");
  });

  it("names an untitled or unprefixed export after the network", () => {
    expect(exportFileName("Associação Vitória", "png")).toBe("rede-de-processos-associacao-vitoria.png");
    expect(exportFileName("  ", "png")).toBe("rede-de-processos.png");
  });
});

describe("wrapLabel", () => {
  // a monospace measure: 6 px per character
  const measure = (text: string) => text.length * 6;

  it("keeps every character of a long name, on lines no wider than the limit", () => {
    const name = "Associação Vitória de Apoio Comunitário do Nordeste Brasileiro";
    const lines = wrapLabel(name, 120, measure);
    expect(lines.join(" ")).toBe(name);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(120);
  });

  it("splits a single word longer than a line", () => {
    const lines = wrapLabel("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 60, measure);
    expect(lines.join("")).toBe("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(60);
  });

  it("leaves a short name on one line", () => {
    expect(wrapLabel("Ana Lima", 120, measure)).toEqual(["Ana Lima"]);
  });
});
