// The built-in summarizer (server/ai/builtin.ts): deterministic pt-BR text from sandbox dossiers,
// verdict and risk level from the score bands and hard stops, declared data compared with the
// data found after normalization.
import { describe, expect, it } from "vitest";
import { BUILTIN_MODEL, builtinDraft, builtinSummarizer } from "../../server/ai/builtin";
import { bandOf, decide, SCORE_BANDS } from "../../server/ai/bands";
import { normalizeDate, normalizeName, normalizePhone } from "../../server/ai/input-checks";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { makeCpf, maskDocument } from "../../lib/contract/documents";
import { sandboxVerification } from "../support/sandbox-verification";

const NETWORK_PERSON = sandboxDocumentFor("large_network", "person")!.document;
const NETWORK_COMPANY = sandboxDocumentFor("large_network", "company")!.document;
const PLAIN_PERSON = makeCpf("529982247");

describe("score bands", () => {
  it("cover 0 to 1000 without gaps and map to verdict and risk", () => {
    for (let score = 0; score <= 1000; score++) expect(bandOf(score), String(score)).not.toBeNull();
    expect(SCORE_BANDS.map((b) => [b.min, b.max, b.verdict, b.riskLevel])).toEqual([
      [700, 1000, "APPROVE", "low"],
      [400, 699, "REVIEW", "medium"],
      [0, 399, "REJECT", "high"],
    ]);
    expect(decide(700, [], []).verdict).toBe("APPROVE");
    expect(decide(699, [], []).verdict).toBe("REVIEW");
    expect(decide(400, [], []).riskLevel).toBe("medium");
    expect(decide(399, [], []).verdict).toBe("REJECT");
    expect(decide(1000, [{ reason: "x" }], [])).toMatchObject({ verdict: "REJECT", riskLevel: "high" });
  });
});

describe("normalization", () => {
  it("reads dates, phones and names in the usual Brazilian spellings", () => {
    expect(normalizeDate("11/08/1953")).toBe("1953-08-11");
    expect(normalizeDate("11/8/1953")).toBe("1953-08-11");
    expect(normalizeDate("1/8/1953")).toBe("1953-08-01");
    expect(normalizeDate("11.08.1953")).toBe("1953-08-11");
    expect(normalizeDate("1953-08-11T00:00:00Z")).toBe("1953-08-11");
    expect(normalizeDate("ontem")).toBeNull();
    expect(normalizePhone("+55 (13) 97941-7685")).toBe("13979417685");
    expect(normalizePhone("0 13 97941 7685")).toBe("13979417685");
    expect(normalizeName("JOSÉ  da Silva-Júnior")).toBe(normalizeName("Jose Silva Junior"));
    expect(normalizeName("Conceição")).toBe("conceicao");
  });
});

describe("built-in summary", () => {
  it("is deterministic, in pt-BR, and says in model that it is rule-based", async () => {
    const v = await sandboxVerification(NETWORK_PERSON, { addons: true });
    const a = await builtinSummarizer.summarize(v);
    const b = builtinDraft(await sandboxVerification(NETWORK_PERSON, { addons: true }));
    expect(a).toEqual(b);
    expect(a.model).toBe(BUILTIN_MODEL);
    expect(a.model).toMatch(/regras/);
    expect(a.model).toMatch(/sem IA generativa/);
    expect(a.provider).toBe("builtin");
    expect(a.fallback).toBeNull();
  });

  it("describes holder, registry status, finance, lawsuits by role and court, related parties and rules", async () => {
    const v = await sandboxVerification(NETWORK_PERSON, { addons: true });
    const d = builtinDraft(v);
    const profile = v.dossier!.profile as { name: string; fiscalStatus: string };
    expect(d.summary).toContain(profile.name);
    expect(d.summary).toContain(maskDocument(NETWORK_PERSON));
    expect(d.summary).not.toContain(NETWORK_PERSON);
    expect(d.summary).toContain(`situação cadastral ${profile.fiscalStatus}`);
    expect(d.summary).toMatch(/Financeiro: renda estimada de R\$\s[\d.]+,\d{2}/);
    const counters = (v.dossier!.lawsuits as { counters: { asDefendant: number; asPlaintiff: number; byCourt: Record<string, number> } })
      .counters;
    expect(d.summary).toContain(`${counters.asDefendant} como réu`);
    expect(d.summary).toContain(`${counters.asPlaintiff} como autor`);
    for (const [court, n] of Object.entries(counters.byCourt)) expect(d.summary).toContain(`${court} (${n})`);
    expect(d.summary).toMatch(/Relacionados: \d+ vínculos \(\d+ pessoas, \d+ empresas\)/);
    expect(d.summary).toContain("Regras acionadas: ");
    expect(d.summary).toContain("processos ativos como réu");
    expect(d.summary).toContain(`Pontuação ${v.score}`);
    expect(d.scoreBand).toEqual({ name: bandOf(v.score)!.name, min: bandOf(v.score)!.min, max: bandOf(v.score)!.max });
    expect(d.verdict).toBe(bandOf(v.score)!.verdict);
    expect(d.riskLevel).toBe(bandOf(v.score)!.riskLevel);
    expect(d.highlights.length).toBeGreaterThan(0);
  });

  it("summarizes a company with its partners' lawsuits", async () => {
    const v = await sandboxVerification(NETWORK_COMPANY);
    const d = builtinDraft(v);
    expect(d.summary).toContain((v.dossier!.profile as { name: string }).name);
    expect(d.summary).toContain("CNPJ " + maskDocument(NETWORK_COMPANY));
    expect(d.summary).toMatch(/Sócios: \d+ de \d+ com processos|Nenhum dos \d+ sócios/);
  });

  it("rejects a deceased holder and a document without holder whatever the score", async () => {
    const deceased = builtinDraft(await sandboxVerification(sandboxDocumentFor("deceased", "person")!.document));
    expect(deceased).toMatchObject({ verdict: "REJECT", riskLevel: "high" });
    expect(deceased.highlights[0]).toContain("óbito");
    const nobody = builtinDraft(await sandboxVerification(sandboxDocumentFor("holder_not_found", "person")!.document));
    expect(nobody).toMatchObject({ verdict: "REJECT", riskLevel: "high" });
    expect(nobody.summary).toContain("não tem titular");
  });

  it("rejects a document on the workspace's restrictive list (blacklisted.client) even with a high score", async () => {
    const v = await sandboxVerification(PLAIN_PERSON);
    expect(builtinDraft(v).verdict).toBe("APPROVE");
    const profile = v.dossier!.profile as Record<string, unknown>;
    const listed = {
      ...v,
      dossier: {
        ...v.dossier,
        profile: { ...profile, blacklisted: { client: true, service: false, clientType: "workspace_restrictive_list", serviceType: "" } },
      },
    };
    const d = builtinDraft(listed);
    expect(d).toMatchObject({ verdict: "REJECT", riskLevel: "high" });
    expect(d.summary).toContain("lista restritiva do cliente");
  });

  it("names the service list's reason in words, never its code (issue 20)", async () => {
    const v = await sandboxVerification(PLAIN_PERSON);
    const profile = v.dossier!.profile as Record<string, unknown>;
    const listed = {
      ...v,
      dossier: {
        ...v.dossier,
        profile: { ...profile, blacklisted: { client: false, service: true, clientType: "", serviceType: "confirmed_fraud" } },
      },
    };
    const d = builtinDraft(listed);
    expect(d.summary).toContain("na lista restritiva do serviço (fraude confirmada)");
    expect(d.summary).not.toContain("confirmed_fraud");
  });

  it("matches declared data after normalizing accents, case, dates and phone digits", async () => {
    const plain = await sandboxVerification(PLAIN_PERSON);
    const p = plain.dossier!.profile as {
      name: string;
      birthDate: string;
      motherName: string;
      contacts: { phones: { area: string; number: string }[] };
    };
    const [y, m, d] = p.birthDate.split("-");
    const phone = p.contacts.phones[0]!;
    const input = [
      {
        attribute: "Nome",
        value: p.name
          .toUpperCase()
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, ""),
      },
      { attribute: "Data de nascimento", value: `${d}/${m}/${y}` },
      { attribute: "nomeMae", value: `  ${p.motherName.toLowerCase()} ` },
      { attribute: "telefone", value: `+55 (${phone.area}) ${phone.number.slice(0, -4)}-${phone.number.slice(-4)}` },
      {
        attribute: "cpf",
        value: `${PLAIN_PERSON.slice(0, 3)}.${PLAIN_PERSON.slice(3, 6)}.${PLAIN_PERSON.slice(6, 9)}-${PLAIN_PERSON.slice(9)}`,
      },
      { attribute: "profissão", value: "engenheira" },
    ];
    const draft = builtinDraft(await sandboxVerification(PLAIN_PERSON, { input }));
    expect(draft.inputChecks.map((c) => c.status)).toEqual(["match", "match", "match", "match", "match", "not_compared"]);
    expect(draft.mismatches).toEqual([]);
    expect(draft.verdict).toBe("APPROVE");
    // the declared document is echoed masked
    expect(JSON.stringify(draft)).not.toContain(PLAIN_PERSON);
  });

  it("lists mismatches as highlights; an identity mismatch turns APPROVE into REVIEW, a contact mismatch does not", async () => {
    const contact = builtinDraft(await sandboxVerification(PLAIN_PERSON, { input: [{ attribute: "Celular", value: "(11) 90000-0000" }] }));
    expect(contact.mismatches).toEqual([expect.objectContaining({ field: "profile.contacts.phones", status: "mismatch" })]);
    expect(contact.highlights.some((h) => h.startsWith("Divergência de telefone"))).toBe(true);
    expect(contact.verdict).toBe("APPROVE");

    const wrong = builtinDraft(await sandboxVerification(PLAIN_PERSON, { input: [{ attribute: "dataNascimento", value: "01/01/1901" }] }));
    expect(wrong.mismatches).toEqual([
      expect.objectContaining({ attribute: "dataNascimento", field: "profile.birthDate", status: "mismatch", declared: "01/01/1901" }),
    ]);
    expect(wrong.highlights.some((h) => h.includes("Divergência de data de nascimento") && h.includes("01/01/1901"))).toBe(true);
    expect(wrong).toMatchObject({ verdict: "REVIEW", riskLevel: "medium" });
    expect(wrong.summary).toContain("divergem: data de nascimento");
  });
});
