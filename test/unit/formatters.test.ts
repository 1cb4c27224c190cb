// One number and plural formatter (issue 20, items 5, 7 and 10): counts agree with their noun and
// carry the thousands separator, a module progress with failures says so, and an enrichment's
// module data shows money in R$ with cents and coded values in words.
import { describe, expect, it } from "vitest";
import { formatInteger, formatMoney, pluralize } from "../../lib/contract/format/number";
import { moduleProgressText } from "../../lib/enrichments/progress";
import { formatScalar } from "../../lib/enrichments/data-labels";

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("numbers and plurals", () => {
  it("agrees the noun with the count and separates thousands", () => {
    expect(pluralize(1, "processo", "processos")).toBe("1 processo");
    expect(pluralize(2, "processo", "processos")).toBe("2 processos");
    expect(pluralize(1000, "processo", "processos")).toBe("1.000 processos");
    expect(formatInteger(1000)).toBe("1.000");
    expect(nbsp(formatMoney(20688.68))).toBe("R$ 20.688,68");
  });
});

describe("module progress", () => {
  const of = (...states: string[]) => states.map((status) => ({ status }));
  it("counts failed modules as failed, never as done", () => {
    expect(moduleProgressText(of("ok", "ok", "failed", "failed"))).toBe("2 de 4 concluídos, 2 falharam");
    expect(moduleProgressText(of("ok", "failed", "ok", "ok"))).toBe("3 de 4 concluídos, 1 falhou");
    expect(moduleProgressText(of("failed", "ok"))).toBe("1 de 2 concluído, 1 falhou");
  });
  it("keeps n/m while nothing failed", () => {
    expect(moduleProgressText(of("ok", "ok", "ok", "ok"))).toBe("4/4");
    expect(moduleProgressText(of("ok", "pending", "retrying"))).toBe("1/3");
  });
});

describe("an enrichment's module data", () => {
  it("shows money fields in R$ with cents, numbers or decimal strings", () => {
    expect(nbsp(formatScalar("20688.68", "salarioEstimado"))).toBe("R$ 20.688,68");
    expect(nbsp(formatScalar(249000, "shareCapital"))).toBe("R$ 249.000,00");
    expect(nbsp(formatScalar("249000.00", "capitalSocial"))).toBe("R$ 249.000,00");
    expect(formatScalar(249000, "lawsuitsTotal")).toBe("249.000");
  });
  it("shows coded values in words", () => {
    expect(formatScalar("person", "entity")).toBe("Pessoa");
    expect(formatScalar("company", "entity")).toBe("Empresa");
    expect(formatScalar("partner", "role")).toBe("Sócio(a)");
    expect(formatScalar("employee", "role")).toBe("Funcionário(a)");
    expect(formatScalar("commercial", "type")).toBe("Comercial");
    expect(formatScalar("landline", "type")).toBe("Fixo");
    expect(formatScalar("confirmed_fraud", "type")).toBe("Fraude confirmada");
    expect(formatScalar("social_security", "area")).toBe("Previdenciária");
    expect(formatScalar("2027-01-31", "since")).toBe("31/01/2027");
  });
});
