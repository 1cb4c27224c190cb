import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

import { makeCnpj, makeCpf } from "@/lib/contract/documents";
import type { BlacklistEntry } from "@/lib/contract";
import type { VerificationRecord } from "@/lib/api/types";
import { seal, unseal } from "@/lib/bff/seal";
import { toRestrictiveEntry } from "@/lib/restrictive-list/entries";
import { auditFiltersProblem, auditFiltersToApiQuery, parseAuditFilters } from "@/lib/review/audit-filters";
import { auditEventDetail, joinFlags } from "@/lib/review/labels";
import { toDetail } from "@/lib/verifications/to-detail";

// Issue 19: what the console's BFF builds for the browser carries masked documents only, and the
// sealed undo token of a restrictive-list removal is readable by the BFF alone.

const holder = makeCpf("529982247");
const relative = makeCpf("111444777");
const company = makeCnpj("112223330001");

function leaks(value: unknown, ...documents: string[]): string[] {
  const text = JSON.stringify(value);
  return documents.filter((d) => text.includes(d) || text.includes(d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4")));
}

describe("the case view (GET /bff/verifications/:id)", () => {
  const record = {
    id: "6f1c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f",
    status: "COMPLETED",
    nationalId: holder,
    name: "Fulana de Tal",
    profileId: "prf_x",
    verifications: { entity: "person" },
    person: {
      profile: {
        name: "Fulana de Tal",
        nationalId: holder,
        blacklisted: { client: false, service: false },
        indicators: {},
        contacts: { addresses: [], phones: [], emails: [] },
      },
      related: {
        personal: [{ name: "Parente", document: relative, role: "relative" }],
        business: { ownerships: [{ name: "Empresa", document: company, entity: "company" }] },
      },
    },
  } as unknown as VerificationRecord;

  it("holds the holder's, relatives' and companies' documents masked only", () => {
    const detail = toDetail(record);
    expect(detail.document).toEqual({ kind: "CPF", masked: `${holder.slice(0, 3)}.***.***-${holder.slice(9)}` });
    expect(detail.dossier.related?.persons[0]?.document).toBe(`${relative.slice(0, 3)}.***.***-${relative.slice(9)}`);
    expect(detail.dossier.related?.companies[0]?.document).toMatch(/\*\*\*/);
    expect(leaks(detail, holder, relative, company)).toEqual([]);
  });
});

describe("the restrictive list's entries", () => {
  it("carry the entry's id and the document masked", () => {
    const entry = toRestrictiveEntry({
      id: "0b7c4c8e-5a36-4bb0-9a32-1f0c5b1d2e3f",
      workspaceId: "ws",
      nationalId: holder,
      name: null,
      reason: "Fraude",
      createdBy: null,
      createdByEmail: "a@b",
      createdAt: "2026-01-01T00:00:00Z",
      expiresAt: null,
      expired: false,
    } as unknown as BlacklistEntry);
    expect(entry).toMatchObject({ id: "0b7c4c8e-5a36-4bb0-9a32-1f0c5b1d2e3f", document: "529.***.***-25", kind: "CPF" });
    expect(leaks(entry, holder)).toEqual([]);
  });
});

describe("sealed values (the undo of a removal)", () => {
  // stubbed for this file only: test files share their worker's process (isolate: false), and a
  // short secret left in process.env reaches the processes later files start
  beforeAll(() => vi.stubEnv("NEXTAUTH_SECRET", "s".repeat(64)));
  afterAll(() => vi.unstubAllEnvs());

  it("round-trip for their workspace and hide the document", () => {
    const token = seal({ nationalId: holder }, "ws-1", 60);
    expect(token).not.toContain(holder);
    expect(Buffer.from(token, "base64url").toString("latin1")).not.toContain(holder);
    expect(unseal(token, "ws-1")).toEqual({ nationalId: holder });
  });

  it("are refused for another workspace, when changed, when expired, or when not ours", () => {
    const token = seal({ nationalId: holder }, "ws-1", 60);
    expect(unseal(token, "ws-2")).toBeNull();
    const raw = Buffer.from(token, "base64url");
    raw[raw.length - 1] ^= 1;
    expect(unseal(raw.toString("base64url"), "ws-1")).toBeNull();
    expect(unseal(seal({ nationalId: holder }, "ws-1", -1), "ws-1")).toBeNull();
    expect(unseal("not-a-token", "ws-1")).toBeNull();
    expect(unseal("", "ws-1")).toBeNull();
  });
});

describe("/audit's filters", () => {
  it("read the URL, refuse bad ids and ranges, and send São Paulo days as instants", () => {
    const filters = parseAuditFilters(new URLSearchParams("type=note.created&from=2026-01-10&to=2026-01-12&caseId=x"));
    expect(filters).toMatchObject({ type: "note.created", from: "2026-01-10", to: "2026-01-12", caseId: "x" });
    expect(auditFiltersProblem(filters)).toBe("O caso deve ser o id (UUID) de uma verificação.");
    expect(parseAuditFilters(new URLSearchParams("type=drop.table")).type).toBe("");
    expect(auditFiltersProblem({ ...filters, caseId: "", from: "2026-02-01" })).toBe("A data inicial deve ser anterior à final.");
    expect(auditFiltersToApiQuery({ ...filters, caseId: "" })).toEqual({
      type: "note.created",
      actorId: undefined,
      caseId: undefined,
      from: "2026-01-10T03:00:00.000Z",
      to: "2026-01-13T03:00:00.000Z",
    });
  });
});

describe("pt-BR labels", () => {
  it("name the flags and summarise an event's data", () => {
    expect(joinFlags(["restrictive_list", "deceased", "low_score"])).toBe("Lista restritiva, Óbito e Score abaixo de 400");
    expect(
      auditEventDetail("decision.created", { status: "APPROVED", reasons: ["Dados conferidos"], acknowledgedFlags: ["restrictive_list"] }),
    ).toBe("Aprovada · motivos: Dados conferidos · sinais reconhecidos: Lista restritiva");
    expect(auditEventDetail("document.revealed", { document: "529.***.***-25", of: "holder" })).toBe("529.***.***-25");
  });

  it("summarise the sign-in, second factor and step-up events in pt-BR, never their codes", () => {
    expect(auditEventDetail("sign_in.refused", { method: "password", step: "second_factor", reason: "invalid_code" })).toBe(
      "código do autenticador incorreto · no segundo fator",
    );
    expect(auditEventDetail("sign_in.refused", { method: "password", step: "sign_in", reason: "invalid_password" })).toBe(
      "senha incorreta · ao entrar",
    );
    expect(auditEventDetail("step_up", { sessionId: "s", method: "totp" })).toBe("com senha e código do autenticador");
    // the step-up of an SSO person through the provider (server/sso/step-up.ts), and its refusals
    expect(auditEventDetail("step_up", { sessionId: "s", method: "sso" })).toBe("pelo login único (SSO)");
    expect(auditEventDetail("sso.sign_in_refused", { method: "sso", step: "step_up", reason: "sso_token_invalid" })).toBe(
      "ID token recusado (assinatura, emissor, audiência, validade ou nonce) · ao confirmar a identidade",
    );
    expect(auditEventDetail("session.started", { sessionId: "s", method: "password", secondFactor: "recovery_code" })).toBe(
      "com senha e código de recuperação",
    );
    expect(auditEventDetail("factor.reset", { userId: "u", email: "ana@acme.com", by: "admin-cli" })).toBe(
      "de ana@acme.com · pela linha de comando do servidor",
    );
    expect(auditEventDetail("factor.recovery_code_used", { left: 9 })).toBe("restam 9");
  });

  it("summarise monitoring's events: the alert's kind, its resolution, the case's switch", () => {
    const data = { alertId: "a", source: "restrictive", kind: "restrictive_added", document: "529.***.***-25" };
    expect(auditEventDetail("alert.opened", data)).toBe("Incluído na lista restritiva · 529.***.***-25");
    expect(auditEventDetail("alert.resolved", { ...data, resolution: "dismissed" })).toBe(
      "Incluído na lista restritiva · Descartado · 529.***.***-25",
    );
    expect(auditEventDetail("alert.assigned", { alertId: "a", from: null, to: "u1" }, () => "Ana")).toBe("para Ana");
    expect(auditEventDetail("case.monitoring_changed", { from: null, to: false })).toBe("monitoramento desligado");
  });
});
