// The console's own CSV files (issue 29): the batch's results and /usage, as pt-BR spreadsheet
// files read back by a CSV parser (headers, labels beside codes, Brasília dates, metadata columns,
// no formula), and the date format they share with the service's exports.
import { describe, expect, it } from "vitest";
import { BATCH_HEADER, inBrasilia, readSheet } from "../support/sheet";
import { spreadsheetDate, spreadsheetDateTime } from "../../lib/contract/format/csv";
import { batchResultsCsv, type BatchItemView } from "../../lib/enrichments/batch-results-csv";
import { usageCsv, usageCsvName } from "../../lib/enrichments/usage-csv";
import type { UsageReportView } from "../../lib/enrichments/usage";

const read = (text: string) => {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const { header, records } = readSheet(text);
  return { header, rows: records };
};

describe("spreadsheet dates", () => {
  it("writes DD/MM/AAAA HH:MM in Brasília time, as Intl does, daylight-saving years included", () => {
    expect(spreadsheetDateTime("2026-12-05T23:38:52Z")).toBe("05/12/2026 20:38");
    expect(spreadsheetDateTime("2027-12-31T03:00:00.000Z")).toBe("31/12/2027 00:00");
    expect(spreadsheetDateTime("2018-12-01T12:00:00Z")).toBe("01/12/2018 10:00"); // UTC-2 in the 2018 summer
    expect(spreadsheetDateTime(new Date("2026-01-01T02:59:00Z"))).toBe("31/12/2025 23:59");
    for (let t = Date.parse("2017-01-01T00:00:00Z"); t < Date.parse("2020-01-01T00:00:00Z"); t += 3_600_000 * 7 + 60_000 * 13)
      expect(spreadsheetDateTime(new Date(t))).toBe(inBrasilia(t));
    expect(spreadsheetDateTime(null)).toBe("");
    expect(spreadsheetDateTime("não é data")).toBe("");
    expect(spreadsheetDate("2026-12-05")).toBe("05/12/2026");
    expect(spreadsheetDate("05/12/2026")).toBe("");
  });
});

describe("batch results", () => {
  const item = (o: Partial<BatchItemView>): BatchItemView => ({
    id: "enr_abc",
    document: "529.***.***-25",
    name: null,
    status: "COMPLETED",
    outcome: "ok",
    failureReason: null,
    failure: null,
    createdAt: "2026-12-05T23:38:52Z",
    completedAt: "2026-12-05T23:39:10Z",
    metadata: {},
    ...o,
  });

  it("has pt-BR headers, labels beside codes, Brasília dates and one column per metadata key", () => {
    const text = batchResultsCsv([
      item({ name: "Maria da Silva", metadata: { cliente: "c-1", nome: "=do cliente" } }),
      item({
        id: "enr_def",
        status: "FAILED",
        outcome: null,
        failureReason: "upstream_rejected_document",
        completedAt: "2026-12-06T03:10:00Z",
        metadata: { pedido: "P-3" },
      }),
      item({ id: "enr_ghi", status: "FETCHING", outcome: null, completedAt: null }),
    ]);
    const { header, rows } = read(text);
    expect(header).toEqual([...BATCH_HEADER, "cliente", "metadado_nome", "pedido"]);
    expect(rows[0]).toEqual({
      id: "enr_abc",
      documento: "529.***.***-25",
      nome: "Maria da Silva",
      situacao: "Concluído",
      situacao_codigo: "COMPLETED",
      resultado: "Titular encontrado",
      resultado_codigo: "ok",
      motivo_falha: "",
      motivo_falha_codigo: "",
      criado_em: "05/12/2026 20:38",
      concluido_em: "05/12/2026 20:39",
      cliente: "c-1",
      metadado_nome: "'=do cliente",
      pedido: "",
    });
    expect(rows[1]).toMatchObject({
      situacao: "Falhou",
      situacao_codigo: "FAILED",
      resultado: "",
      motivo_falha: "A fonte de dados recusou o documento.",
      motivo_falha_codigo: "upstream_rejected_document",
      concluido_em: "06/12/2026 00:10",
      pedido: "P-3",
    });
    expect(rows[2]).toMatchObject({ situacao: "Coletando", concluido_em: "" });
  });
});

describe("usage", () => {
  it("has one row per day and action with a count, the day as DD/MM/AAAA and the action in words beside its code", () => {
    const usage: UsageReportView = {
      from: "2026-11-30",
      to: "2026-12-02",
      actions: ["enrichment.company", "enrichment.person"],
      days: [
        { day: "2026-11-30", counts: { "enrichment.person": 1200 }, total: 1200 },
        { day: "2026-12-01", counts: {}, total: 0 },
        { day: "2026-12-02", counts: { "enrichment.company": 3, "enrichment.person": 0 }, total: 3 },
      ],
      totals: { "enrichment.company": 3, "enrichment.person": 1200 },
      total: 1203,
    };
    const { header, rows } = read(usageCsv(usage));
    expect(header).toEqual(["dia", "acao", "acao_codigo", "quantidade"]);
    expect(rows).toEqual([
      { dia: "30/11/2026", acao: "Enriquecimento de pessoa", acao_codigo: "enrichment.person", quantidade: "1200" },
      { dia: "02/12/2026", acao: "Enriquecimento de empresa", acao_codigo: "enrichment.company", quantidade: "3" },
    ]);
    expect(usageCsvName(usage)).toBe("uso-2026-11-30-a-2026-12-02.csv");
  });
});
