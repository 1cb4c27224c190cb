// The built-in summary's counts agree with their noun (issue 29, item 4): a company case with one
// partner and no lawsuits read "Nenhum dos 1 sócios tem processos."
import { describe, expect, it } from "vitest";
import { builtinDraft } from "../../server/ai/builtin";
import { makeCnpj } from "../../lib/contract/documents";
import { sandboxVerification } from "../support/sandbox-verification";

describe("the built-in summary's counts", () => {
  it("never writes a count of 1 with a plural noun, and says 'o único sócio'", async () => {
    let single = 0;
    for (let i = 0; i < 60 && single === 0; i++) {
      const cnpj = makeCnpj(String(20_000_000 + i * 7919).padStart(8, "0") + "0001");
      const { summary, highlights } = builtinDraft(await sandboxVerification(cnpj, { addons: true }));
      const text = [summary, ...highlights].join(" ");
      expect(text, cnpj).not.toMatch(/(?<![\d.,])1 (sócios|processos|relacionados|empresas|pessoas)\b/);
      if (text.includes("O único sócio não tem processos.")) single++;
    }
    expect(single).toBe(1);
  });
});
