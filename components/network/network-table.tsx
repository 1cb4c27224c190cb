"use client";

import type { GraphNode } from "@/lib/network/graph";
import { ENTITY_LABELS, RISK_META, relationLabel, roleLabel } from "@/lib/network/labels";
import { formatInteger } from "@/lib/contract/format/number";

// "Lista": the graph's shown nodes as a table, for keyboard and screen-reader users.

export function NetworkTable({
  nodes,
  byId,
  onSelect,
}: {
  nodes: GraphNode[];
  byId: Map<string, GraphNode>;
  onSelect: (id: string) => void;
}) {
  if (nodes.length === 0) {
    return (
      <p data-testid="network-table-empty" className="px-4 py-10 text-center text-sm text-zinc-600">
        Nenhum vínculo atende aos filtros. Ajuste os filtros para ver mais.
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto">
      <table data-testid="network-table" className="w-full min-w-[760px] text-left text-sm">
        <caption className="sr-only">Vínculos da rede de processos, {nodes.length} linhas</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Nome
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Tipo
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Vínculo
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Ligado a
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Nível
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Processos
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Como réu
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Risco
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {nodes.map((n) => (
            <tr key={n.id} data-testid="network-row" data-node-id={n.id}>
              <th scope="row" className="max-w-[260px] truncate px-3 py-2 font-medium text-zinc-900" title={n.name}>
                {n.name}
              </th>
              <td className="px-3 py-2 text-zinc-700">{ENTITY_LABELS[n.entity]}</td>
              <td className="px-3 py-2 text-zinc-700">
                {relationLabel(n.relation)}
                {roleLabel(n.role) ? <span className="text-zinc-500"> – {roleLabel(n.role)}</span> : null}
              </td>
              <td className="max-w-[200px] truncate px-3 py-2 text-zinc-700">
                {n.parent === "subject" ? "Titular" : (byId.get(n.parent ?? "")?.name ?? "—")}
              </td>
              <td className="px-3 py-2 text-zinc-700">{n.depth}</td>
              <td className="px-3 py-2 text-right tabular-nums">{n.lawsuits === null ? "—" : formatInteger(n.lawsuits)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {n.counters?.asDefendant === null || n.counters === null ? "—" : formatInteger(n.counters.asDefendant)}
              </td>
              <td className="px-3 py-2">
                <span className="inline-flex items-center gap-1.5 text-zinc-800">
                  <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ background: RISK_META[n.risk].color }} />
                  {RISK_META[n.risk].label}
                </span>
              </td>
              <td className="px-3 py-2 text-right">
                <button
                  type="button"
                  onClick={() => onSelect(n.id)}
                  className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 ring-1 ring-zinc-300 hover:bg-zinc-50"
                >
                  Ver processos<span className="sr-only"> de {n.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
