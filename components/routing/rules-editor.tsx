"use client";

import { Button } from "@/components/ui/button";
import type { Member } from "@/lib/contract/review";
import type { RoutingRule } from "@/lib/contract/routing";

// The routing rules in order (docs/routing.md): each a name, its conditions and its target (some
// analysts or a named queue). Moved up and down, added and removed with buttons, so the keyboard
// does everything the mouse does. The first rule that matches takes the case.

export const inputClass =
  "h-9 rounded-md border-0 bg-white px-2.5 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";
const labelClass = "mb-1 block text-xs font-medium text-zinc-600";

export interface RuleDraft {
  id: string;
  name: string;
  documentKind: "" | "cpf" | "cnpj";
  scoreMin: string;
  scoreMax: string;
  target: "analysts" | "queue";
  analysts: string[];
  queue: string;
}

export function toRuleDraft(rule: RoutingRule): RuleDraft {
  const analysts = "analysts" in rule.to ? rule.to.analysts : [];
  return {
    id: rule.id,
    name: rule.name,
    documentKind: rule.when.documentKind ?? "",
    scoreMin: rule.when.scoreMin === undefined ? "" : String(rule.when.scoreMin),
    scoreMax: rule.when.scoreMax === undefined ? "" : String(rule.when.scoreMax),
    target: "queue" in rule.to ? "queue" : "analysts",
    analysts,
    queue: "queue" in rule.to ? rule.to.queue : "",
  };
}

const score = (value: string) => (value.trim() === "" ? undefined : Number(value));

/** The rule as the API takes it, or a pt-BR problem. Keeps the conditions the form does not show (profiles, flags). */
export function fromRuleDraft(d: RuleDraft, original: RoutingRule | undefined): RoutingRule | string {
  const name = d.name.trim() || "sem nome";
  if (!d.name.trim()) return "Toda regra precisa de um nome.";
  for (const v of [d.scoreMin, d.scoreMax])
    if (v.trim() !== "" && (!/^\d+$/.test(v.trim()) || Number(v) > 1000)) return `${name}: o score vai de 0 a 1000.`;
  const scoreMin = score(d.scoreMin);
  const scoreMax = score(d.scoreMax);
  if (scoreMin !== undefined && scoreMax !== undefined && scoreMin > scoreMax) return `${name}: o score mínimo passa do máximo.`;
  if (d.target === "analysts" && d.analysts.length === 0) return `${name}: escolha ao menos uma pessoa.`;
  if (d.target === "queue" && !d.queue.trim()) return `${name}: dê um nome à fila.`;
  const { documentKind: _k, scoreMin: _min, scoreMax: _max, ...kept } = original?.when ?? {};
  return {
    id: d.id,
    name: d.name.trim(),
    when: {
      ...kept,
      ...(d.documentKind ? { documentKind: d.documentKind } : {}),
      ...(scoreMin !== undefined ? { scoreMin } : {}),
      ...(scoreMax !== undefined ? { scoreMax } : {}),
    },
    to: d.target === "queue" ? { queue: d.queue.trim() } : { analysts: d.analysts },
  };
}

export function newRuleDraft(existing: RuleDraft[]): RuleDraft {
  let n = existing.length + 1;
  while (existing.some((r) => r.id === `regra-${n}`)) n++;
  return {
    id: `regra-${n}`,
    name: `Regra ${n}`,
    documentKind: "",
    scoreMin: "",
    scoreMax: "",
    target: "analysts",
    analysts: [],
    queue: "",
  };
}

export function RulesEditor({
  rules,
  members,
  onChange,
}: {
  rules: RuleDraft[];
  members: Member[];
  onChange: (rules: RuleDraft[]) => void;
}) {
  const update = (i: number, changes: Partial<RuleDraft>) => onChange(rules.map((r, j) => (j === i ? { ...r, ...changes } : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rules];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  if (rules.length === 0)
    return (
      <p data-testid="routing-no-rules" className="px-4 py-3 text-sm text-zinc-600">
        Nenhuma regra: todo caso fica sem responsável até alguém pegá-lo.
      </p>
    );
  return (
    <ol className="divide-y divide-zinc-100" data-testid="routing-rules">
      {rules.map((rule, i) => {
        const key = `routing-rule-${rule.id}`;
        return (
          <li key={rule.id} data-testid="routing-rule" className="space-y-3 px-4 py-3">
            <div className="flex flex-wrap items-end gap-2">
              <span className="mb-2 text-xs font-semibold text-zinc-500 tabular" aria-hidden>
                {i + 1}.
              </span>
              <div className="min-w-48 flex-1">
                <label htmlFor={`${key}-name`} className={labelClass}>
                  Nome da regra {i + 1}
                </label>
                <input
                  id={`${key}-name`}
                  data-testid="routing-rule-name"
                  value={rule.name}
                  maxLength={100}
                  onChange={(e) => update(i, { name: e.target.value })}
                  className={`${inputClass} w-full`}
                />
              </div>
              <div className="flex gap-1">
                <Button size="sm" aria-label={`Subir a regra ${rule.name}`} disabled={i === 0} onClick={() => move(i, -1)}>
                  ↑ Subir
                </Button>
                <Button size="sm" aria-label={`Descer a regra ${rule.name}`} disabled={i === rules.length - 1} onClick={() => move(i, 1)}>
                  ↓ Descer
                </Button>
                <Button size="sm" aria-label={`Remover a regra ${rule.name}`} onClick={() => onChange(rules.filter((_, j) => j !== i))}>
                  Remover
                </Button>
              </div>
            </div>
            <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <legend className="sr-only">Condições da regra {rule.name}</legend>
              <div>
                <label htmlFor={`${key}-kind`} className={labelClass}>
                  Documento
                </label>
                <select
                  id={`${key}-kind`}
                  value={rule.documentKind}
                  onChange={(e) => update(i, { documentKind: e.target.value as RuleDraft["documentKind"] })}
                  className={`${inputClass} w-full`}
                >
                  <option value="">CPF ou CNPJ</option>
                  <option value="cpf">Só CPF (pessoas)</option>
                  <option value="cnpj">Só CNPJ (empresas)</option>
                </select>
              </div>
              <div>
                <label htmlFor={`${key}-min`} className={labelClass}>
                  Score mínimo
                </label>
                <input
                  id={`${key}-min`}
                  inputMode="numeric"
                  value={rule.scoreMin}
                  placeholder="0"
                  onChange={(e) => update(i, { scoreMin: e.target.value })}
                  className={`${inputClass} tabular w-full`}
                />
              </div>
              <div>
                <label htmlFor={`${key}-max`} className={labelClass}>
                  Score máximo
                </label>
                <input
                  id={`${key}-max`}
                  inputMode="numeric"
                  value={rule.scoreMax}
                  placeholder="1000"
                  onChange={(e) => update(i, { scoreMax: e.target.value })}
                  className={`${inputClass} tabular w-full`}
                />
              </div>
            </fieldset>
            <fieldset className="space-y-2">
              <legend className={labelClass}>Quem recebe</legend>
              <div className="flex flex-wrap gap-4 text-sm text-zinc-800">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${key}-target`}
                    checked={rule.target === "analysts"}
                    onChange={() => update(i, { target: "analysts" })}
                    className="size-4 accent-brand-600"
                  />
                  Pessoas da equipe
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${key}-target`}
                    checked={rule.target === "queue"}
                    onChange={() => update(i, { target: "queue" })}
                    className="size-4 accent-brand-600"
                  />
                  Uma fila (fica sem responsável)
                </label>
              </div>
              {rule.target === "queue" ? (
                <div>
                  <label htmlFor={`${key}-queue`} className={labelClass}>
                    Nome da fila
                  </label>
                  <input
                    id={`${key}-queue`}
                    value={rule.queue}
                    maxLength={60}
                    onChange={(e) => update(i, { queue: e.target.value })}
                    className={`${inputClass} w-full sm:w-64`}
                  />
                </div>
              ) : (
                <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                  {members.map((m) => (
                    <label key={m.id} className="flex min-w-0 items-center gap-2 text-sm text-zinc-700">
                      <input
                        type="checkbox"
                        data-testid="routing-rule-analyst"
                        checked={rule.analysts.includes(m.id)}
                        onChange={(e) =>
                          update(i, { analysts: e.target.checked ? [...rule.analysts, m.id] : rule.analysts.filter((x) => x !== m.id) })
                        }
                        className="size-4 shrink-0 accent-brand-600"
                      />
                      <span className="truncate" title={m.email}>
                        {m.name || m.email}
                      </span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}
