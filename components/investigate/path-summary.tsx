"use client";

import { Button } from "@/components/ui/button";
import type { PathResult } from "./use-investigation";

// "Caminho até…"'s answer: how many paths (highlighted in the graph), each as a line of names,
// the nodes visited and the time, and whether the search stopped at its 100,000-node limit.

export function PathSummary({ result, labelOf, onClear }: { result: PathResult; labelOf: (id: string) => string; onClear: () => void }) {
  const { answer } = result;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="investigate-paths">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          {answer.paths.length === 0
            ? "Nenhum caminho encontrado dentro do limite de passos."
            : `${answer.paths.length} ${answer.paths.length === 1 ? "caminho encontrado" : "caminhos encontrados"} (destacados no grafo).`}{" "}
          {answer.visited.toLocaleString("pt-BR")} nós visitados em {answer.ms.toLocaleString("pt-BR")} ms.
          {answer.truncated ? " A busca parou em 100.000 nós visitados: pode haver caminhos que ela não viu." : ""}
        </p>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Limpar destaque
        </Button>
      </div>
      {answer.paths.length > 0 ? (
        <ol className="mt-1 list-decimal space-y-0.5 pl-5">
          {answer.paths.map((p, i) => (
            <li key={i} data-testid="investigate-path">
              {p.nodes.map((n) => labelOf(n.id)).join(" → ")}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
