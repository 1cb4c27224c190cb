// Finance: income, tax returns, assistance programs, credit restrictions, indicators, from the
// dossier's typed view (lib/contract/dossier-read.ts); a company's finance dataset, which the
// dossier passes through as it is, is printed field by field.
import type { DossierFinance } from "../../../../lib/contract/dossier-read";
import type { ReportData } from "../types";
import type { Writer } from "../layout";
import { cell, formatDate, formatMoney, label } from "../text";

/** `block`: the finance block as stored, printed as it is when it is not person.finance. */
export function financeBlock(w: Writer, data: ReportData, f: DossierFinance | null, block: unknown) {
  if (!f) return;
  w.section("Financeiro");
  if (data.verification.entity === "person" && f.kind === "person") {
    w.pairs([
      ["Renda estimada", formatMoney(f.salary)],
      ["Faixa de renda", cell("income", f.incomeBand)],
      ["Patrimônio", cell("totalAssets", f.totalAssets)],
      ["Cobranças", `${cell("total", f.collections?.total)} (origens: ${cell("total", f.collections?.origins)})`],
    ]);
    if (f.taxReturns.length) {
      w.subheading("Declarações de imposto de renda");
      w.table(
        ["Ano", "Situação", "Banco", "Atualizado em"],
        f.taxReturns.map((r) => [cell("year", r.year), cell("status", r.status), cell("bank", r.bank), cell("updatedAt", r.updatedAt)]),
        [0.15, 0.4, 0.25, 0.2],
      );
    }
    const programs = f.assistancePrograms?.programs ?? [];
    if (programs.length) {
      w.subheading("Programas assistenciais");
      w.table(
        ["Programa", "Cidade/UF", "Ativo", "Valor", "Total recebido", "Período"],
        programs.map((p) => [
          cell("name", p.name),
          `${p.city ?? "—"}/${p.state ?? "—"}`,
          cell("active", p.active),
          formatMoney(p.amount),
          formatMoney(p.totalAmount),
          `${formatDate(p.startedAt)} a ${formatDate(p.endedAt)}`,
        ]),
        [0.22, 0.18, 0.08, 0.14, 0.16, 0.22],
      );
    }
    const r = f.restrictions;
    if (r) {
      w.subheading("Restrições de crédito");
      const row = (key: string, value: unknown): [string, string] => [label(key), cell(key, value)];
      w.pairs([
        row("registerLogs", r.registerLogs),
        row("segment", r.segment),
        row("reportedBy", r.reportedBy),
        row("status", r.status),
        row("city", r.city),
        [label("amount"), formatMoney(r.amount)],
        row("type", r.type),
        row("isNegative", r.isNegative),
        row("hasData", r.hasData),
        row("reportedAt", r.reportedAt),
        [label("totalAmount"), formatMoney(r.totalAmount)],
        [label("consultationLogs"), r.consultationLogs.map((c) => `${c.period} dias: ${cell("n", c.count)}`).join(" · ")],
      ]);
    }
    if (f.indicators.length) {
      w.subheading("Indicadores");
      w.pairs(
        f.indicators.map((i) => [
          label(i.key),
          i.key === "monthlyIncome" ? formatMoney(i.value) : cell(i.key, { risky: i.risky, value: i.value }),
        ]),
      );
    }
    return;
  }
  w.generic(block);
}
