// The enrichment pages get masked documents only: the subject's (list, detail, batch items) and
// every CPF and CNPJ in the module data and metadata (lib/enrichments/mask-data.ts), whatever the
// dataset version; the registry's partner CPFs, masked at the source (***456789**), stay as they are.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatDocument, isValidCnpj, isValidCpf, makeCnpj, makeCpf, maskDocument } from "@/lib/contract/documents";
import { maskDocumentsDeep, maskDocumentsInText } from "@/lib/enrichments/mask-data";
import { toDetail, toRow } from "@/lib/enrichments/view";
import type { ApiEnrichment } from "@/lib/enrichments/api-types";
import { auditEventDetail } from "@/lib/review/labels";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { buildModuleData } from "../../server/datasets/sandbox/formats";
import { DATASET_VERSIONS, MODULE_NAMES, type Entity } from "../../server/datasets/types";

const holder = makeCpf("529982247");
const relative = makeCpf("111444777");
const company = makeCnpj("112223330001");
const alphanumeric = makeCnpj("12ABC34501DE");

/** Every string in a JSON value (keys included). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (typeof value === "number") out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  return out;
}

/**
 * The valid documents a value still shows in full: a run of 11 digits that is a valid CPF, of 14
 * digits or 14 letters and digits that is a valid CNPJ, or one of them formatted.
 */
function fullDocuments(value: unknown): string[] {
  const found: string[] = [];
  for (const text of strings(value)) {
    for (const run of text.match(/\d+/g) ?? []) {
      if ((run.length === 11 && isValidCpf(run)) || (run.length === 14 && isValidCnpj(run))) found.push(run);
    }
    for (const run of text.match(/[0-9A-Za-z]+/g) ?? []) if (run.length === 14 && isValidCnpj(run)) found.push(run);
    for (const f of text.match(/\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Za-z]{2}\.[0-9A-Za-z]{3}\.[0-9A-Za-z]{3}\/[0-9A-Za-z]{4}-\d{2}/g) ?? [])
      if (isValidCpf(f) || isValidCnpj(f)) found.push(f);
  }
  return found;
}

describe("maskDocumentsDeep", () => {
  it("masks valid documents as values, in texts, as numbers and as keys; leaves the rest", () => {
    const data = {
      cpf: holder,
      holder: { name: "Fulana", nationalId: formatDocument(holder) },
      partners: [
        { name: "Sócia", documento: "***220050**" },
        { name: "Holding", document: formatDocument(company) },
      ],
      note: `Vínculo com ${formatDocument(relative)} e ${company}, processo 0001234-56.2024.8.26.0100.`,
      creditor: { document: alphanumeric.toLowerCase() },
      number: Number(relative),
      byDocument: { [holder]: { score: 10 } },
      count: 12345678901, // 11 digits, not a valid CPF: a number stays a number
      phone: "(11) 98765-4321",
      date: "2024-01-15",
    };
    const masked = maskDocumentsDeep(data);
    expect(masked).toEqual({
      cpf: maskDocument(holder),
      holder: { name: "Fulana", nationalId: maskDocument(holder) },
      partners: [
        { name: "Sócia", documento: "***220050**" },
        { name: "Holding", document: maskDocument(company) },
      ],
      note: `Vínculo com ${maskDocument(relative)} e ${maskDocument(company)}, processo 0001234-56.2024.8.26.0100.`,
      creditor: { document: maskDocument(alphanumeric) },
      number: maskDocument(relative),
      byDocument: { [maskDocument(holder)]: { score: 10 } },
      count: 12345678901,
      phone: "(11) 98765-4321",
      date: "2024-01-15",
    });
    expect(fullDocuments(masked)).toEqual([]);
    expect(data.cpf).toBe(holder); // the input is not changed
  });

  it("masks whatever a document key holds with a digit, valid or not, never showing it", () => {
    expect(
      maskDocumentsDeep({
        document: "52998224700", // check digits wrong
        cpf: "123",
        cnpj: "12.345.678/0001-00",
        taxId: "AB-1234567",
        partner_document: 98765432100,
        nationalId: "não informado",
        cpfs: ["x"],
        documentType: "CPF 52998224700",
        holderCpf: ["52998224700", "***456789**"],
      }),
    ).toEqual({
      document: "529.***.***-00",
      cpf: "***",
      cnpj: "12.345.***/****-00",
      taxId: "********67",
      partner_document: "987.***.***-00",
      nationalId: "não informado",
      cpfs: ["x"],
      documentType: "CPF 52998224700", // not a document key, not a valid document
      holderCpf: ["529.***.***-00", "***456789**"],
    });
  });

  it("keeps a __proto__ key of parsed JSON as a key", () => {
    const parsed = maskDocumentsDeep(JSON.parse(`{"__proto__": {"cpf": "${holder}"}}`) as Record<string, unknown>);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(["__proto__"]);
    expect(JSON.stringify(parsed)).not.toContain(holder);
  });

  for (const entity of ["person", "company"] as Entity[])
    for (const module of MODULE_NAMES)
      for (const version of DATASET_VERSIONS[module]?.[entity] ?? [])
        it(`${entity} ${module} ${version}: no full document survives; masked partners stay`, () => {
          // a sandbox subject with a large network, and an ordinary document
          for (const subject of [sandboxDocumentFor("large_network", entity)!.document, entity === "person" ? holder : company]) {
            const data = buildModuleData(entity, module, version, subject);
            if (!data) continue;
            // the raw data does name people and companies in full (else this test would test nothing)
            if (module === "related" || (module === "profile" && entity === "company"))
              expect(fullDocuments(data).length).toBeGreaterThan(1);
            const masked = maskDocumentsDeep(data);
            expect(fullDocuments(masked)).toEqual([]);
            expect(JSON.stringify(masked)).not.toContain(subject);
            const before = strings(data).filter((s) => /^\*{3}\d{6}\*{2}$/.test(s));
            const after = strings(masked).filter((s) => /^\*{3}\d{6}\*{2}$/.test(s));
            expect(after).toEqual(before);
          }
        });
});

// --- properties -------------------------------------------------------------------------------

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(""));
const alnum = (n: number) =>
  fc.array(fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), { minLength: n, maxLength: n }).map((d) => d.join(""));
const cpf = digits(9)
  .map(makeCpf)
  .filter((d) => isValidCpf(d));
const cnpj = fc.oneof(digits(12), alnum(12)).map(makeCnpj).filter(isValidCnpj);
const document = fc.oneof(cpf, cnpj);
/** How a document is written: bare, formatted, lower case. */
const written = fc
  .tuple(document, fc.constantFrom("bare", "formatted", "lower"))
  .map(([d, how]) => ({ d, text: how === "formatted" ? formatDocument(d) : how === "lower" ? d.toLowerCase() : d }));
/** Text around a document that does not glue digits or letters to it. */
const around = fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(" ", ": ", "(", " - ", "\n", ", ")).map(([s, sep]) => s + sep);
const inText = fc
  .tuple(around, written, around)
  .map(([before, w, after]) => ({ d: w.d, text: `${before}${w.text}${after.split("").reverse().join("")}` }));
const placed = fc.oneof(written, inText);
const tree = fc
  .tuple(
    fc.array(placed, { minLength: 1, maxLength: 6 }),
    fc.jsonValue({ maxDepth: 3 }),
    fc.array(fc.string({ maxLength: 8 }), { maxLength: 6 }),
  )
  // noise that itself spells a valid document (the digits of a float such as 6.50060734366465e+253
  // hold a valid CNPJ) is not what this places: the placed documents are checked, not the noise's
  .filter(([, noise]) => fullDocuments(noise).length === 0)
  .map(([docs, noise, keys]) => ({
    docs: docs.map((p) => p.d),
    value: {
      noise,
      list: docs.map((p) => p.text),
      nested: Object.fromEntries(docs.map((p, i) => [`${keys[i] ?? "k"}_${i}`, { deep: [p.text] }])),
    },
  }));

describe("properties", () => {
  it("no valid CPF or CNPJ digit run survives, wherever the documents are placed", () => {
    fc.assert(
      fc.property(tree, ({ docs, value }) => {
        const masked = maskDocumentsDeep(value);
        expect(fullDocuments(masked)).toEqual([]);
        const text = JSON.stringify(masked).toUpperCase();
        for (const d of docs) {
          expect(text).not.toContain(d);
          expect(text).not.toContain(formatDocument(d));
        }
      }),
      { numRuns: 400 },
    );
  });

  it("a document text alone becomes exactly its masked form, however it is written", () => {
    fc.assert(
      fc.property(written, ({ d, text }) => {
        expect(maskDocumentsInText(text)).toBe(maskDocument(d));
        expect(maskDocumentsDeep({ document: text, other: text })).toEqual({ document: maskDocument(d), other: maskDocument(d) });
      }),
    );
  });

  it("a value without documents or document keys comes back equal", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        fc.pre(fullDocuments(value).length === 0);
        // keys are compared lower-case without separators ("C Pf" names a CPF): so is the text here
        fc.pre(
          !/document|documento|cpf|cnpj|national|taxid/.test(
            JSON.stringify(value)
              .toLowerCase()
              .replace(/[^a-z]/g, ""),
          ),
        );
        expect(maskDocumentsDeep(value)).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it("masking twice is masking once", () => {
    fc.assert(
      fc.property(tree, ({ value }) => {
        const once = maskDocumentsDeep(value);
        expect(maskDocumentsDeep(once)).toEqual(once);
      }),
      { numRuns: 200 },
    );
  });
});

// --- what the BFF builds ------------------------------------------------------------------------

describe("the enrichment views (GET /bff/enrichments, /bff/enrichments/:id)", () => {
  const record: ApiEnrichment = {
    id: "enr_0123456789abcdefabcdef01",
    status: "COMPLETED",
    outcome: "ok",
    entity: "company",
    document: company,
    profile: { id: "prf_company_complete", name: "Empresa completa", kind: "enrichment" },
    metadata: { pedido: "A-42", responsavel: formatDocument(holder) },
    createdAt: "2026-01-01T00:00:00Z",
    completedAt: "2026-01-01T00:00:05Z",
    recoveryRound: 0,
    lane: "interactive",
    modules: { profile: { dataset: "company-profile-2.0", status: "ok", url: "/x" } },
    data: {
      profile: {
        dataset: "company-profile-2.0",
        profile: {
          cnpj: company,
          partners: [
            { name: "Fulana", document: holder },
            { name: "Sócia", documento: "***220050**" },
          ],
          legalRepresentative: { document: formatDocument(relative), name: "Beltrano" },
        },
      },
    },
  };

  it("the detail holds the subject's document as {kind, masked} and its data and metadata masked", () => {
    const detail = toDetail(record, null);
    expect(detail.document).toEqual({ kind: "CNPJ", masked: maskDocument(company) });
    expect(detail.metadata).toEqual({ pedido: "A-42", responsavel: maskDocument(holder) });
    const profile = detail.data.profile!.profile as { partners: { documento?: string }[] };
    expect(profile.partners[1]!.documento).toBe("***220050**");
    expect(fullDocuments(detail)).toEqual([]);
    const text = JSON.stringify(detail);
    for (const d of [holder, relative, company]) {
      expect(text).not.toContain(d);
      expect(text).not.toContain(formatDocument(d));
    }
  });

  it("the list row holds the masked document; one that cannot be read is never shown", () => {
    expect(toRow(record, null).document).toBe(maskDocument(company));
    expect(toRow({ ...record, document: "1234567890" }, null).document).toBe("********90");
  });

  it("the audit trail names the enrichment of a reveal", () => {
    expect(auditEventDetail("document.revealed", { document: "529.***.***-25", of: "enrichment", enrichmentId: record.id })).toBe(
      `529.***.***-25 · enriquecimento ${record.id}`,
    );
  });
});
