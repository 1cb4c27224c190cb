"use client";

import { useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { bffFetch } from "@/lib/query/bff-fetch";
import type { UsageReportView } from "@/lib/enrichments/usage";
import { usageCsv, usageCsvName } from "@/lib/enrichments/usage-csv";
import { download } from "@/lib/network/export";
import { formatInteger } from "@/lib/contract/format/number";
import { billingActionLabel } from "@/lib/contract/labels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";

// /usage: billed actions per day (stacked by action) for the period the admin picks, as a
// Recharts chart and the same numbers as a table, which "Exportar CSV" downloads.

const COLORS = ["#4f46e5", "#0d9488", "#d97706", "#be185d", "#2563eb", "#65a30d", "#7c3aed", "#dc2626"];

function iso(d: Date) {
  return new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

function exportUsage(usage: UsageReportView) {
  download(usageCsvName(usage), URL.createObjectURL(new Blob([usageCsv(usage)], { type: "text/csv;charset=utf-8" })));
}

const shortDay = (day: string) => day.slice(8, 10) + "/" + day.slice(5, 7);

export function UsagePageClient() {
  const params = useSearchParams();
  const today = iso(new Date());
  const monthAgo = iso(new Date(Date.now() - 29 * 86_400_000));
  const from = params.get("from") ?? monthAgo;
  const to = params.get("to") ?? today;
  const [draft, setDraft] = useState({ from, to });
  const query = useQuery({
    queryKey: ["usage", from, to],
    queryFn: ({ signal }) => bffFetch<UsageReportView>(`/bff/usage?from=${from}&to=${to}`, signal),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    window.history.pushState(null, "", `/usage?from=${draft.from}&to=${draft.to}`);
  };
  const data = query.data;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-zinc-900">Uso</h1>
        <p className="text-sm text-zinc-600">Ações faturadas do workspace por dia e por ação (dias no horário de Brasília).</p>
      </div>
      <form
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 bg-white p-3"
        data-testid="usage-period"
      >
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
          De
          <input
            type="date"
            required
            value={draft.from}
            max={draft.to}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            className="h-9 rounded-md border border-zinc-300 px-2 text-sm text-zinc-900"
            data-testid="usage-from"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
          Até
          <input
            type="date"
            required
            value={draft.to}
            min={draft.from}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            className="h-9 rounded-md border border-zinc-300 px-2 text-sm text-zinc-900"
            data-testid="usage-to"
          />
        </label>
        <Button type="submit" variant="primary">
          Ver período
        </Button>
        <p className="text-xs text-zinc-600">Até 31 dias por consulta.</p>
      </form>
      {query.isPending ? (
        <Skeleton className="h-80 w-full rounded-lg" />
      ) : query.isError ? (
        <div className="rounded-lg border border-zinc-200 bg-white">
          <StateMessage kind="error" testId="usage-error" title="Não foi possível carregar o uso" description={query.error.message} />
        </div>
      ) : data!.total === 0 ? (
        <div className="rounded-lg border border-zinc-200 bg-white">
          <StateMessage
            testId="usage-empty"
            title="Nenhuma ação faturada no período"
            description="Enriquecimentos concluídos aparecem aqui. Escolha outro período."
          />
        </div>
      ) : (
        <>
          <section aria-labelledby="usage-chart-title" className="rounded-lg border border-zinc-200 bg-white p-4" data-testid="usage-chart">
            <h2 id="usage-chart-title" className="mb-2 text-sm font-semibold text-zinc-900">
              {formatInteger(data!.total)} ações faturadas de {shortDay(data!.from)} a {shortDay(data!.to)}
            </h2>
            <div
              className="h-72"
              role="img"
              aria-label={`Gráfico de barras: ações faturadas por dia, total ${formatInteger(data!.total)}. Os números estão na tabela abaixo.`}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data!.days.map((d) => ({ day: shortDay(d.day), ...d.counts }))}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="day" fontSize={11} />
                  <YAxis allowDecimals={false} fontSize={11} />
                  <Tooltip />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  {data!.actions.map((action, i) => (
                    <Bar
                      key={action}
                      dataKey={action}
                      stackId="usage"
                      fill={COLORS[i % COLORS.length]}
                      name={billingActionLabel(action)}
                      isAnimationActive={false}
                    />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
          </section>
          <section aria-labelledby="usage-table-title" className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white">
            <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-3">
              <h2 id="usage-table-title" className="text-sm font-semibold text-zinc-900">
                Por dia e por ação
              </h2>
              <Button size="sm" onClick={() => exportUsage(data!)} data-testid="usage-export">
                Exportar CSV
              </Button>
            </div>
            <table data-testid="usage-table" className="mt-2 w-full text-left text-sm">
              <thead className="border-y border-zinc-200 bg-zinc-50 text-xs text-zinc-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Dia
                  </th>
                  {data!.actions.map((a) => (
                    <th key={a} scope="col" className="px-3 py-2 text-right font-medium" title={a}>
                      {billingActionLabel(a)}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {data!.days
                  .filter((d) => d.total > 0)
                  .map((d) => (
                    <tr key={d.day} data-testid="usage-row">
                      <th scope="row" className="px-3 py-1.5 font-normal">
                        {d.day.split("-").reverse().join("/")}
                      </th>
                      {data!.actions.map((a) => (
                        <td key={a} className="px-3 py-1.5 text-right tabular-nums">
                          {formatInteger(d.counts[a] ?? 0)}
                        </td>
                      ))}
                      <td className="px-3 py-1.5 text-right font-medium tabular-nums">{formatInteger(d.total)}</td>
                    </tr>
                  ))}
              </tbody>
              <tfoot className="border-t border-zinc-200 bg-zinc-50">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    Total
                  </th>
                  {data!.actions.map((a) => (
                    <td key={a} className="px-3 py-2 text-right font-semibold tabular-nums" data-testid={`usage-total-${a}`}>
                      {formatInteger(data!.totals[a] ?? 0)}
                    </td>
                  ))}
                  <td className="px-3 py-2 text-right font-semibold tabular-nums" data-testid="usage-total">
                    {formatInteger(data!.total)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
