// The console's side of monitoring (issue 32 item 6): an alert's change in pt-BR words, the
// Alertas queue's filters in the URL, the BFF's check of the queue's query and its wording of the
// service's refusals.
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { describeChange, describeSide } from "../../lib/monitoring/change";
import { alertFiltersFrom, alertFiltersToParams, DEFAULT_ALERT_FILTERS } from "../../lib/monitoring/filters";
import { uncheckedReasonLabel } from "../../lib/monitoring/status-labels";

vi.mock("server-only", () => ({})); // the marker module throws outside React Server Components

describe("an alert's change in words", () => {
  it("the restrictive list: out of the list → in it, with the analyst's reason as written", () => {
    expect(describeChange({ before: { listed: false }, after: { listed: true, reason: "fraude confirmada" } })).toEqual({
      field: null,
      before: "Fora da lista restritiva",
      after: "Na lista restritiva (fraude confirmada)",
    });
    expect(describeSide({ listed: true })).toBe("Na lista restritiva");
  });

  it("registry values as published, in sentence case; known keys named in pt-BR; nothing raw", () => {
    expect(describeChange({ before: "ATIVA", after: "BAIXADA" })).toEqual({ field: null, before: "Ativa", after: "Baixada" });
    // the same one field on both sides is named once
    expect(describeChange({ before: { situacao: "ATIVA" }, after: { situacao: "BAIXADA" } })).toEqual({
      field: "Situação",
      before: "Ativa",
      after: "Baixada",
    });
    expect(describeSide({ situacao: "INAPTA" })).toBe("situação: Inapta");
    expect(describeSide({ name: "MARIA DA SILVA", qualification: "SOCIO-ADMINISTRADOR" })).toBe(
      "nome: Maria da Silva · qualificação: Socio-administrador",
    );
    expect(describeSide({ partner: "JOÃO DOS SANTOS E FILHOS LTDA" })).toBe("sócio: João dos Santos e Filhos Ltda");
    expect(describeSide(null)).toBe("—");
    expect(describeSide({})).toBe("—");
    expect(describeSide(true)).toBe("sim");
    expect(describeSide(["CEIS", "CNEP"])).toBe("CEIS, CNEP");
    expect(describeSide({ list: "CEIS", sanction: { organ: "CGU" } })).toBe("lista: CEIS · sanção: órgão: CGU");
  });
});

describe("the queue's filters in the URL", () => {
  it("reads what it knows, falls back to the open queue for anything else", () => {
    expect(alertFiltersFrom(new URLSearchParams(""))).toEqual(DEFAULT_ALERT_FILTERS);
    expect(alertFiltersFrom(new URLSearchParams("state=dismissed&source=registry&kind=partner_added&assignee=me"))).toEqual({
      state: "dismissed",
      source: "registry",
      kind: "partner_added",
      assignee: "me",
    });
    expect(alertFiltersFrom(new URLSearchParams("state=closed&source=x&kind=y&assignee=someone"))).toEqual(DEFAULT_ALERT_FILTERS);
  });

  it("writes only what differs from the open queue, and reads it back", () => {
    expect(alertFiltersToParams(DEFAULT_ALERT_FILTERS).toString()).toBe("");
    const filters = { state: "confirmed", source: "sanctions", kind: "sanction_added", assignee: "none" } as const;
    expect(alertFiltersFrom(alertFiltersToParams(filters))).toEqual(filters);
  });

  it("names the reasons a watched document was not compared", () => {
    expect(uncheckedReasonLabel("not_in_registry")).toBe("CNPJ ausente da versão atual da Receita");
    expect(uncheckedReasonLabel("some_new_reason")).toBe("some new reason");
  });
});

describe("the BFF's query and refusals", () => {
  it("passes the allowed filters and refuses anything else", async () => {
    const { alertQuery } = await import("../../lib/bff/monitoring");
    const id = "3f2b8c1e-9a4d-4e2f-8b7a-0c1d2e3f4a5b";
    expect(alertQuery(new URLSearchParams(`state=open&kind=restrictive_added&assignee=none&caseId=${id}&cursor=abc`))).toEqual({
      state: "open",
      kind: "restrictive_added",
      assignee: "none",
      caseId: id,
      cursor: "abc",
    });
    expect(alertQuery(new URLSearchParams("state=closed"))).toBeNull();
    expect(alertQuery(new URLSearchParams("assignee=someone"))).toBeNull();
    expect(alertQuery(new URLSearchParams("caseId=not-a-uuid"))).toBeNull();
    expect(alertQuery(new URLSearchParams(`cursor=${"x".repeat(201)}`))).toBeNull();
  });

  it("says alert_resolved, not found, forbidden and invalid assignee in pt-BR, with the service's code and status", async () => {
    const { alertError } = await import("../../lib/bff/monitoring");
    const answer = async (error: ApiError) => {
      const response = alertError(error);
      return { status: response.status, ...((await response.json()) as { error: { code: string } }).error };
    };
    expect(await answer(new ApiError(409, "alert_resolved", "the alert is already resolved"))).toMatchObject({
      status: 409,
      code: "alert_resolved",
      message: expect.stringContaining("já foi resolvido"),
    });
    expect(await answer(new ApiError(404, "not_found", "alert not found"))).toMatchObject({ status: 404, code: "not_found" });
    expect(await answer(new ApiError(403, "forbidden", "x"))).toMatchObject({ status: 403, code: "forbidden" });
    expect(await answer(new ApiError(422, "invalid_assignee", "x"))).toMatchObject({ status: 422, code: "invalid_assignee" });
    expect(() => alertError(new ApiError(500, "internal_error", "x"))).toThrow();
  });
});
