// The batch page's CSV check (issue 28, item 2): with the profile known, a document of the other
// kind is refused by name before anything is sent (a CNPJ with a person's profile was counted
// among the valid lines, then refused by the API and shown nowhere).
import { describe, expect, it } from "vitest";
import { parseBatchCsv } from "../../lib/enrichments/csv";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";

const [a, b, c] = [makeCpf("100200300"), makeCpf("300200100"), makeCpf("505050505")];
const cnpj = makeCnpj("112223330001");
const csv = ["documento", a, b, c, cnpj].join("\n");

describe("parseBatchCsv with the profile", () => {
  it("refuses the other kind of document by name, line by line", () => {
    const parsed = parseBatchCsv(csv, { name: "Pessoa física – cadastral", entity: "person" });
    expect(parsed.items.map((i) => i.document)).toEqual([a, b, c]);
    expect(parsed.errors).toEqual([{ line: 5, message: "CNPJ não serve ao perfil “Pessoa física – cadastral”, que aceita só CPF." }]);
    const companies = parseBatchCsv(csv, { name: "Empresa", entity: "company" });
    expect(companies.items.map((i) => i.document)).toEqual([cnpj]);
    expect(companies.errors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(companies.errors[0]!.message).toBe("CPF não serve ao perfil “Empresa”, que aceita só CNPJ.");
  });

  it("without a profile the kinds are not checked (the page asks for one)", () => {
    expect(parseBatchCsv(csv).items).toHaveLength(4);
  });
});
