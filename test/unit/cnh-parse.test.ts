// From OCR lines to CNH fields, their comparison with the registry and the rules.
import { describe, expect, it } from "vitest";
import { parseCnh } from "../../server/providers/cnh/parse";
import { cnhRules, compareCnh, normalizeName } from "../../server/providers/cnh/compare";
import type { OcrLine } from "../../server/providers/cnh/ocr";

/** A line at height y of words placed at x (each word ~12 px per character, 18 px tall). */
function line(y: number, words: [number, string][]): OcrLine {
  const ws = words.map(([x, text]) => ({ text, confidence: 90, bbox: { x0: x, y0: y, x1: x + text.length * 12, y1: y + 18 } }));
  return { text: ws.map((w) => w.text).join(" "), words: ws, bbox: { x0: ws[0]!.bbox.x0, y0: y, x1: ws.at(-1)!.bbox.x1, y1: y + 18 } };
}

// The card's layout: labels above values, in columns (as tesseract reads the drawn test cards).
const CARD: OcrLine[] = [
  line(20, [
    [40, "REPÚBLICA"],
    [160, "FEDERATIVA"],
    [290, "DO"],
    [330, "BRASIL"],
  ]),
  line(120, [[340, "NOME"]]),
  line(145, [
    [340, "JOÃO"],
    [400, "DA"],
    [440, "SILVA"],
    [520, "SOUZA"],
  ]),
  line(270, [
    [340, "CPF"],
    [720, "DATA"],
    [780, "NASCIMENTO"],
  ]),
  line(295, [
    [340, "529"],
    [385, ".982.247-25"],
    [720, "14/03/1985"],
  ]),
  line(465, [
    [340, "Nº"],
    [370, "REGISTRO"],
    [625, "VALIDADE"],
    [875, "1º"],
    [905, "HABILITAÇÃO"],
  ]),
  line(490, [
    [340, "01234567890"],
    [625, "12/10/2031"],
    [875, "05/06/2005"],
  ]),
  line(520, [
    [40, "CAT."],
    [100, "HAB,"],
  ]),
  line(545, [[40, "AB"]]),
];

describe("parseCnh", () => {
  it("reads every field of the card layout (values below their labels, in columns)", () => {
    expect(parseCnh({ lines: CARD })).toEqual({
      name: "JOÃO DA SILVA SOUZA",
      cpf: "52998224725",
      registrationNumber: "01234567890",
      category: "AB",
      expiryDate: "2031-10-12",
      birthDate: "1985-03-14",
    });
  });

  it("reads values printed on the label's own line", () => {
    const fields = parseCnh({
      lines: [
        line(10, [
          [0, "CPF:"],
          [60, "529.982.247-25"],
          [260, "VALIDADE:"],
          [380, "12/10/2031"],
        ]),
      ],
    });
    expect(fields).toMatchObject({ cpf: "52998224725", expiryDate: "2031-10-12", birthDate: null, name: null });
  });

  it("ignores a CPF with wrong check digits and an impossible date", () => {
    const fields = parseCnh({
      lines: [
        line(10, [
          [0, "CPF"],
          [60, "529.982.247-26"],
        ]),
        line(40, [
          [0, "VALIDADE"],
          [120, "31/02/2031"],
        ]),
      ],
    });
    expect(fields.cpf).toBeNull();
    expect(fields.expiryDate).toBeNull();
  });

  it("without labels: the first valid CPF, the earliest date as birth and the latest as expiry", () => {
    const fields = parseCnh({
      lines: [
        line(10, [
          [0, "111.444.777-35"],
          [200, "12/10/2031"],
          [330, "14/03/1985"],
          [460, "05/06/2005"],
        ]),
      ],
    });
    expect(fields).toMatchObject({ cpf: "11144477735", birthDate: "1985-03-14", expiryDate: "2031-10-12" });
  });

  it("reads nothing from text that is not a CNH", () => {
    expect(
      parseCnh({
        lines: [
          line(10, [
            [0, "Lorem"],
            [80, "ipsum"],
          ]),
        ],
      }),
    ).toEqual({
      name: null,
      cpf: null,
      registrationNumber: null,
      category: null,
      expiryDate: null,
      birthDate: null,
    });
  });
});

describe("compareCnh and cnhRules", () => {
  const fields = parseCnh({ lines: CARD });

  it("compares name (without accents or case), CPF and birth date with the registry", () => {
    expect(compareCnh(fields, { document: "52998224725", name: "João da Silva Souza", birthDate: "1985-03-14" })).toEqual({
      name: "equal",
      cpf: "equal",
      birthDate: "equal",
    });
    expect(compareCnh(fields, { document: "11144477735", name: "Maria Souza", birthDate: "1985-03-15" })).toEqual({
      name: "different",
      cpf: "different",
      birthDate: "different",
    });
    expect(compareCnh({ ...fields, name: null }, { document: "52998224725", name: "João", birthDate: null })).toEqual({
      name: "missing",
      cpf: "equal",
      birthDate: "missing",
    });
    expect(normalizeName("  José  d'Ávila-Júnior ")).toBe("JOSE D AVILA JUNIOR");
  });

  it("fires cnh_data_mismatch on any difference, cnh_unreadable when nothing was read, cnh_expired past the expiry", () => {
    const fired = (f: typeof fields, c: ReturnType<typeof compareCnh>, today: string) =>
      cnhRules(f, c, today)
        .filter((r) => r.fired)
        .map((r) => r.rule);
    const equal = { name: "equal", cpf: "equal", birthDate: "equal" } as const;
    expect(fired(fields, equal, "2026-01-01")).toEqual([]);
    expect(fired(fields, { ...equal, birthDate: "different" }, "2026-01-01")).toEqual(["cnh_data_mismatch"]);
    expect(fired(fields, equal, "2031-10-13")).toEqual(["cnh_expired"]);
    expect(fired(fields, equal, "2031-10-12")).toEqual([]);
    const empty = { name: null, cpf: null, registrationNumber: null, category: null, expiryDate: null, birthDate: null };
    expect(fired(empty, { name: "missing", cpf: "missing", birthDate: "missing" }, "2026-01-01")).toEqual(["cnh_unreadable"]);
  });
});
