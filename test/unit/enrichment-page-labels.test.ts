// The enrichment page's words (issue 29, item 3): dataset ids by name, the Receita's coded values
// in words, and a document masked once (the page's data reaches the browser masked already).
import { describe, expect, it } from "vitest";
import { datasetLabel, valueLabel } from "../../lib/contract/labels";
import { fieldLabel } from "../../lib/enrichments/data-labels";
import { maskedDocument } from "../../lib/verifications/document-view";

describe("the enrichment page's words", () => {
  it("names a dataset by its module, entity and version", () => {
    expect(datasetLabel("company-profile-2.0")).toBe("Cadastro de pessoa jurídica, versão 2.0");
    expect(datasetLabel("person-finance-1.1")).toBe("Finanças de pessoa física, versão 1.1");
    expect(datasetLabel("company-ownersLawsuits-1.0")).toBe("Processos dos sócios de pessoa jurídica, versão 1.0");
    // not an id of the spec's shape: as it is
    expect(datasetLabel("registry")).toBe("registry");
    expect(datasetLabel("company-weather-1.0")).toBe("company-weather-1.0");
  });

  it("says the Receita's and the sanctions' fields in pt-BR", () => {
    expect(valueLabel("identification", "name_and_masked_cpf")).toBe("Nome e CPF mascarado");
    expect(valueLabel("identification", "cnpj")).toBe("CNPJ");
    const labels = ["specialStatus", "ageBand", "identification", "legalRepresentative", "simplesNacional", "mei", "opted", "until"].map(
      fieldLabel,
    );
    expect(labels).toEqual([
      "Situação especial",
      "Faixa etária",
      "Identificação do sócio",
      "Representante legal",
      "Simples Nacional",
      "MEI",
      "Optante",
      "Até",
    ]);
    expect(["list", "sanction", "agency", "agencyState", "startedAt", "endsAt", "legalBasis"].map(fieldLabel)).toEqual([
      "Lista",
      "Sanção",
      "Órgão sancionador",
      "UF do órgão",
      "Início",
      "Fim",
      "Fundamentação legal",
    ]);
  });

  it("masks a document once: a masked one stays as it is, a full one is never shown", () => {
    expect(maskedDocument("11222333000181")).toBe("11.222.***/****-81");
    expect(maskedDocument("11.222.***/****-81")).toBe("11.222.***/****-81");
    expect(maskedDocument("529.***.***-25")).toBe("529.***.***-25");
    expect(maskedDocument("***220050**")).toBe("***220050**");
    // an asterisk does not let a full document through
    expect(maskedDocument("*52998224725")).not.toContain("52998224725");
  });
});
