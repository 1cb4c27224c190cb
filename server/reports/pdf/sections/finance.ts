// Finance: income, tax returns, assistance programs, credit restrictions, indicators.
import { arr, isObj, num, obj, str } from "../../../ai/facts";
import type { ReportData } from "../types";
import type { Writer } from "../layout";
import { cell, formatDate, formatMoney, label } from "../text";

export function financeBlock(w: Writer, data: ReportData, finance: unknown) {
  if (!isObj(finance)) return;
  w.section("Financeiro");
  const f = finance;
  if (data.verification.entity === "person" && "salary" in f) {
    w.pairs([
      ["Renda estimada", formatMoney(num(f.salary))],
      ["Faixa de renda", cell("income", f.income)],
      ["Patrimônio", cell("totalAssets", f.totalAssets)],
      ["Cobranças", `${cell("total", obj(f.collections).total)} (origens: ${cell("total", obj(f.collections).totalOrigins)})`],
    ]);
    const returns = arr(f.taxReturns).map(obj);
    if (returns.length) {
      w.subheading("Declarações de imposto de renda");
      w.table(
        ["Ano", "Situação", "Banco", "Atualizado em"],
        returns.map((r) => [cell("year", r.year), cell("status", r.status), cell("bank", r.bank), cell("updatedAt", r.updatedAt)]),
        [0.15, 0.4, 0.25, 0.2],
      );
    }
    const programs = arr(obj(f.assistancePrograms).programs).map(obj);
    if (programs.length) {
      w.subheading("Programas assistenciais");
      w.table(
        ["Programa", "Cidade/UF", "Ativo", "Valor", "Total recebido", "Período"],
        programs.map((p) => [
          cell("name", p.name),
          `${str(p.city) ?? "—"}/${str(p.state) ?? "—"}`,
          cell("active", p.active),
          formatMoney(num(p.amount)),
          formatMoney(num(p.totalAmount)),
          `${formatDate(str(p.startedAt))} a ${formatDate(str(p.endedAt))}`,
        ]),
        [0.22, 0.18, 0.08, 0.14, 0.16, 0.22],
      );
    }
    const restrictions = obj(f.restrictions);
    if (Object.keys(restrictions).length) {
      w.subheading("Restrições de crédito");
      w.pairs(
        Object.entries(restrictions).map(([k, v]) => [
          label(k),
          k === "consultationLogs"
            ? Object.entries(obj(v))
                .map(([p, n]) => `${p} dias: ${cell("n", n)}`)
                .join(" · ")
            : k === "totalAmount"
              ? formatMoney(num(v))
              : cell(k, v),
        ]),
      );
    }
    const indicators = obj(f.indicators);
    if (Object.keys(indicators).length) {
      w.subheading("Indicadores");
      w.pairs(Object.entries(indicators).map(([k, v]) => [label(k), k === "monthlyIncome" ? formatMoney(num(obj(v).value)) : cell(k, v)]));
    }
    return;
  }
  w.generic(f);
}
