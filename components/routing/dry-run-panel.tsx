"use client";

import type { DryRunCase, DryRunResult } from "@/lib/contract/routing";

// "Quem teria recebido": the dry run of the last 100 cases under the rules on screen (saved or not).

const OUTCOME_LABELS: Record<DryRunCase["outcome"], string> = {
  assigned: "Atribuído",
  queued: "Fila",
  no_rule: "Nenhuma regra",
  no_one_available: "Ninguém disponível",
  off: "Distribuição desligada",
};

export function DryRunPanel({ result, nameOf }: { result: DryRunResult; nameOf: (id: string) => string }) {
  if (result.cases.length === 0)
    return (
      <p data-testid="routing-dry-run-empty" className="px-4 py-3 text-sm text-zinc-600">
        Ainda não há casos concluídos para simular.
      </p>
    );
  const totals = Object.entries(result.perAnalyst).sort((a, b) => b[1] - a[1]);
  return (
    <div data-testid="routing-dry-run" className="space-y-3 px-4 py-3">
      <p className="text-sm text-zinc-700">
        {result.cases.length} casos simulados.{" "}
        {totals.length
          ? `Teriam recebido: ${totals.map(([id, n]) => `${nameOf(id)} (${n})`).join(", ")}.`
          : "Ninguém teria recebido casos com estas regras."}
      </p>
      {/* a scrolling region reachable by the keyboard (axe: scrollable-region-focusable) */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Casos simulados"
        className="max-h-96 overflow-auto rounded-md ring-1 ring-zinc-200 focus:ring-2 focus:ring-brand-500 focus:outline-none"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Quem teria recebido cada um dos últimos casos</caption>
          <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Caso
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Score
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Regra
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Quem teria recebido
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {result.cases.map((c) => (
              <tr key={c.caseId} data-testid="routing-dry-run-case">
                <td className="px-3 py-2">
                  <div className="truncate text-zinc-900">{c.name ?? "Sem nome"}</div>
                  <div className="text-xs text-zinc-600 tabular">{c.document}</div>
                </td>
                <td className="px-3 py-2 tabular">{c.score ?? "—"}</td>
                <td className="px-3 py-2 text-zinc-700">{c.rule?.name ?? "—"}</td>
                <td className="px-3 py-2">
                  {c.to ? nameOf(c.to) : c.queue ? `Fila ${c.queue}` : <span className="text-zinc-600">{OUTCOME_LABELS[c.outcome]}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
