import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatDocument,
  isValidCnpj,
  isValidCpf,
  makeCnpj,
  makeCpf,
  maskDocument,
  maskName,
  normalizeDocument,
} from "../../lib/contract/documents";

describe("CPF", () => {
  it("accepts valid CPFs with or without punctuation", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf(" 529 982 247 25 ")).toBe(true);
    expect(isValidCpf("111.444.777-35")).toBe(true);
  });

  it("rejects wrong check digits, wrong lengths, letters and same-digit CPFs", () => {
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("529.982.247-52")).toBe(false);
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCpf("529982247255")).toBe(false);
    expect(isValidCpf("52998224A25")).toBe(false);
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
  });

  it("computes check digits for a base and makes valid CPFs", () => {
    expect(cpfCheckDigits("529982247")).toBe("25");
    expect(cpfCheckDigits("111444777")).toBe("35");
    expect(makeCpf("000000018")).toBe("00000001830");
    expect(() => cpfCheckDigits("12345678")).toThrow();
    // Every base gives a CPF that validates (sample across the space).
    for (let i = 1; i < 2000; i++) {
      const base = String((i * 499_979) % 1_000_000_000).padStart(9, "0");
      if (/^(\d)\1{8}$/.test(base)) continue;
      expect(isValidCpf(makeCpf(base))).toBe(true);
    }
  });
});

describe("CNPJ", () => {
  it("accepts numeric and alphanumeric CNPJs in any case and punctuation", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12.abc.345/01de-35")).toBe(true);
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
  });

  it("rejects wrong check digits, letters in the check digits, bad lengths and same-character CNPJs", () => {
    expect(isValidCnpj("11.222.333/0001-82")).toBe(false);
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false);
    expect(isValidCnpj("12ABC34501DE3A")).toBe(false);
    expect(isValidCnpj("12ABC34501DE3")).toBe(false);
    expect(isValidCnpj("12ABC34501D#35")).toBe(false);
    expect(isValidCnpj("00000000000000")).toBe(false);
    expect(isValidCnpj("00.000.000/0000-00")).toBe(false);
  });

  it("computes check digits with ASCII - 48 values", () => {
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    expect(cnpjCheckDigits("12abc34501de")).toBe("35");
    expect(cnpjCheckDigits("112223330001")).toBe("81");
    expect(makeCnpj("12abc34501de")).toBe("12ABC34501DE35");
    expect(() => cnpjCheckDigits("12ABC34501D")).toThrow();
    for (let i = 1; i < 500; i++) {
      const base = (i * 2_654_435_761).toString(36).toUpperCase().padStart(12, "0").slice(-12);
      expect(isValidCnpj(makeCnpj(base))).toBe(true);
    }
  });
});

describe("normalizeDocument", () => {
  it("recognises CPFs and CNPJs and returns the bare value", () => {
    expect(normalizeDocument("529.982.247-25")).toEqual({ kind: "cpf", entity: "person", value: "52998224725" });
    expect(normalizeDocument("11.222.333/0001-81")).toEqual({ kind: "cnpj", entity: "company", value: "11222333000181" });
    expect(normalizeDocument("12.abc.345/01de-35")).toEqual({ kind: "cnpj", entity: "company", value: "12ABC34501DE35" });
  });

  it("returns null for anything else", () => {
    for (const input of [
      "",
      "abc",
      "529.982.247-24",
      "111.111.111-11",
      "00000000000000",
      "12ABC34501DE36",
      "5299822472",
      "529_982_247_25",
      "529.982.247-25x",
    ]) {
      expect(normalizeDocument(input)).toBeNull();
    }
  });
});

describe("formatting and masking", () => {
  it("formats CPFs and CNPJs from raw or formatted input", () => {
    expect(formatDocument("52998224725")).toBe("529.982.247-25");
    expect(formatDocument("529.982.247-25")).toBe("529.982.247-25");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatDocument("12abc34501de35")).toBe("12.ABC.345/01DE-35");
  });

  it("masks keeping the first characters and the check digits", () => {
    expect(maskDocument("52998224725")).toBe("529.***.***-25");
    expect(maskDocument("529.982.247-25")).toBe("529.***.***-25");
    expect(maskDocument("12ABC34501DE35")).toBe("12.ABC.***/****-35");
    expect(maskDocument("11.222.333/0001-81")).toBe("11.222.***/****-81");
  });

  it("returns input of another length unchanged", () => {
    for (const input of ["", "123", "5299822472", "ABCDEFGHIJK", "12ABC34501DE3"]) {
      expect(formatDocument(input)).toBe(input);
      expect(maskDocument(input)).toBe(input);
    }
  });

  it("masks names to the first name and initials", () => {
    expect(maskName("Maria Souza Oliveira")).toBe("Maria S*** O***");
    expect(maskName("  João   da Silva ")).toBe("João d*** S***");
    expect(maskName("Maria")).toBe("Maria");
    expect(maskName("")).toBe("");
  });
});

describe("Unicode (issue 21, item 8)", () => {
  // each upper-cases to ASCII letters: `ı` to I, `ſ` to S, the `ﬁ` ligature to FI, `ß` to SS
  it.each([
    ["dotless i (ı)", "12ıS345601DE29", "12IS345601DE29"],
    ["long s (ſ)", "12Iſ345601DE29", "12IS345601DE29"],
    ["the fi ligature (ﬁ), 13 characters", "12ﬁ345601DE94", "12FI345601DE94"],
    ["sharp s (ß), 13 characters", "12ß345601DE57", "12SS345601DE57"],
  ])("refuses a CNPJ with %s, which upper-cases into a valid one", (_name, input, ascii) => {
    expect(isValidCnpj(ascii)).toBe(true);
    expect(input.toUpperCase()).toBe(ascii);
    expect(isValidCnpj(input)).toBe(false);
    expect(normalizeDocument(input)).toBeNull();
    expect(formatDocument(input)).toBe(input);
    expect(maskDocument(input)).toBe(input);
  });

  it("refuses any other letter outside ASCII, wherever it is", () => {
    const valid = "12ABC34501DE35";
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: valid.length - 1 }),
        fc
          .string({ unit: "grapheme", minLength: 1, maxLength: 1 })
          .filter((c) => [...c].some((u) => u.codePointAt(0)! > 0x7f) && !/^[\s\u2011\u2013\u2014\u2212\uFF0F]$/.test(c)),
        (at, ch) => {
          const input = valid.slice(0, at) + ch + valid.slice(at + 1);
          expect(normalizeDocument(input)).toBeNull();
          expect(normalizeDocument(valid.slice(0, at) + ch + valid.slice(at))).toBeNull();
        },
      ),
    );
    // and a base of check digits must be ASCII too
    expect(() => cnpjCheckDigits("12ıS345601DE")).toThrow();
    expect(() => makeCnpj("12ıS345601DE")).toThrow();
  });

  it.each([
    ["en dash (–)", "529.982.247–25", "11.222.333/0001–81"],
    ["em dash (—)", "529.982.247—25", "11.222.333/0001—81"],
    ["non-breaking hyphen (‑)", "529.982.247‑25", "11.222.333/0001‑81"],
    ["minus sign (−)", "529.982.247−25", "11.222.333/0001−81"],
    ["full-width solidus (／)", "529／982／247／25", "11.222.333／0001-81"],
    ["no-break space", "529\u00a0982\u00a0247\u00a025", "11\u00a0222\u00a0333\u00a00001\u00a081"],
  ])("accepts the %s as a separator", (_name, cpf, cnpj) => {
    expect(normalizeDocument(cpf)).toEqual({ kind: "cpf", entity: "person", value: "52998224725" });
    expect(normalizeDocument(cnpj)).toEqual({ kind: "cnpj", entity: "company", value: "11222333000181" });
    expect(formatDocument(cpf)).toBe("529.982.247-25");
    expect(maskDocument(cnpj)).toBe("11.222.***/****-81");
    expect(normalizeDocument(cpf.replace("25", "26"))).toBeNull();
  });
});
