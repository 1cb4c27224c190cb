// Masking of tokens and documents in log text (server/support/logger.ts): correct, and linear in
// the input, so that no request can stall the event loop through what it makes the service log
// (issue 6: "eyJeyJ..." of 15 KB took about 250 ms with the former regular expression).
import { describe, expect, it } from "vitest";
import { redactText, redactUrl } from "../../server/support/logger";

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXZhbHVl";

/** Slowest of a few runs, in ms (the first run includes compilation). */
function worst(run: () => void): number {
  let max = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    run();
    max = Math.max(max, performance.now() - t0);
  }
  return max;
}

describe("redactText", () => {
  it("masks a JWT alone, inside text, after other characters and several in a row", () => {
    expect(redactText(JWT)).toBe("[token]");
    expect(redactText(`Bearer ${JWT} was refused`)).toBe("Bearer [token] was refused");
    expect(redactText(`x=${JWT}&y=${JWT}`)).toBe("x=[token]&y=[token]");
    expect(redactText(`abc${JWT}`)).toBe("abc[token]");
    expect(redactText(`${JWT}.extra`)).toBe("[token].extra");
    expect(redactText(`a.b.${JWT}`)).toBe("a.b.[token]");
  });

  it("leaves what is not a JWT alone", () => {
    for (const text of ["eyJ", "eyJabc.def.ghi", "eyJabcde.fghij", "eyJabcde..fghij.klmno", "eyJabcde.fghij klmno", "hello world", ""]) {
      expect(redactText(text)).toBe(text);
    }
  });

  it("masks CPF and CNPJ with or without punctuation", () => {
    expect(redactText("cpf 529.982.247-25 and 52998224725")).toBe("cpf [document] and [document]");
    expect(redactText("cnpj 11.222.333/0001-81")).toBe("cnpj [document]");
  });

  it.each([
    ["eyJ repeated (16 KB)", "eyJ".repeat(5461)],
    ["eyJ then one long run", `eyJ${"a".repeat(16_000)}.`],
    ["short segments", "eyJaaaaa.".repeat(1800)],
    ["segments without eyJ", `${"aaaaaaaa.".repeat(1800)}eyJ`],
    ["digits", "1".repeat(16_384)],
    ["dotted digits", "123.".repeat(4096)],
  ])("is linear: %s takes under 50 ms", (_name, input) => {
    expect(worst(() => redactText(input))).toBeLessThan(50);
  });

  it("redactUrl is linear too: an unauthenticated ?a=eyJeyJ... of 16 KB", () => {
    const url = `/x?a=${"eyJ".repeat(5461)}`;
    expect(worst(() => redactUrl(url))).toBeLessThan(50);
    expect(redactUrl(`/x?a=${JWT}&nationalId=52998224725`)).toBe("/x?a=[token]&nationalId=[redacted]");
  });
});
