"use client";

import { Button } from "@/components/ui/button";
import { profileLabel } from "@/lib/contract/labels";
import type { Member, RiskFlag } from "@/lib/contract/review";
import { RISK_FLAG_LABELS } from "@/lib/contract/review-labels";
import type { RoutingRule } from "@/lib/contract/routing";
import { RECOMMENDATION_LABELS, type RoutingRecommendation } from "@/lib/contract/routing-labels";

// The routing rules in order (docs/routing.md): each a name, its conditions (document kind, score
// band, profiles, risk flags, the rule set's recommendation) and its target (some analysts or a
// named queue). Moved up and down, added and removed with buttons, so the keyboard does everything
// the mouse does. The first rule that matches takes the case.

export const inputClass =
  "h-9 rounded-md border-0 bg-white px-2.5 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";
const labelClass = "mb-1 block text-xs font-medium text-zinc-600";

export interface RuleDraft {
  id: string;
  name: string;
  documentKind: "" | "cpf" | "cnpj";
  scoreMin: string;
  scoreMax: string;
  /** Empty: any profile (the key is left out); likewise flags and recommendations. */
  profiles: string[];
  flags: string[];
  recommendations: RoutingRecommendation[];
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
    profiles: rule.when.profiles ?? [],
    flags: rule.when.flags ?? [],
    recommendations: rule.when.recommendations ?? [],
    target: "queue" in rule.to ? "queue" : "analysts",
    analysts,
    queue: "queue" in rule.to ? rule.to.queue : "",
  };
}

const score = (value: string) => (value.trim() === "" ? undefined : Number(value));

/** A scoring profile the rules may name (GET /api/v3/profiles?kind=verification). */
export interface RoutingProfile {
  id: string;
  name: string;
  entity: "person" | "company";
}

const ENTITY_OF_KIND = { cpf: "person", cnpj: "company" } as const;
const KIND_WORDS = { cpf: "só CPF (pessoas)", cnpj: "só CNPJ (empresas)" } as const;

/** The rule as the API takes it, or a pt-BR problem. `profiles`: the workspace's, to check a profile against the document kind. */
export function fromRuleDraft(d: RuleDraft, profiles: readonly RoutingProfile[] = []): RoutingRule | string {
  const name = d.name.trim() || "sem nome";
  if (!d.name.trim()) return "Toda regra precisa de um nome.";
  for (const v of [d.scoreMin, d.scoreMax])
    if (v.trim() !== "" && (!/^\d+$/.test(v.trim()) || Number(v) > 1000)) return `${name}: o score vai de 0 a 1000.`;
  const scoreMin = score(d.scoreMin);
  const scoreMax = score(d.scoreMax);
  if (scoreMin !== undefined && scoreMax !== undefined && scoreMin > scoreMax) return `${name}: o score mínimo passa do máximo.`;
  // a profile of the other kind of document: the rule could never take a case
  if (d.documentKind) {
    const other = profiles.find((p) => d.profiles.includes(p.id) && p.entity !== ENTITY_OF_KIND[d.documentKind as "cpf" | "cnpj"]);
    if (other)
      return `${name}: o perfil “${profileLabel(other.id, other.name)}” é de ${other.entity === "company" ? "empresas" : "pessoas"}, e a regra pega ${KIND_WORDS[d.documentKind]}.`;
  }
  if (d.target === "analysts" && d.analysts.length === 0) return `${name}: escolha ao menos uma pessoa.`;
  if (d.target === "queue" && !d.queue.trim()) return `${name}: dê um nome à fila.`;
  return {
    id: d.id,
    name: d.name.trim(),
    when: {
      ...(d.profiles.length ? { profiles: d.profiles } : {}),
      ...(scoreMin !== undefined ? { scoreMin } : {}),
      ...(scoreMax !== undefined ? { scoreMax } : {}),
      ...(d.flags.length ? { flags: d.flags } : {}),
      ...(d.recommendations.length ? { recommendations: d.recommendations } : {}),
      ...(d.documentKind ? { documentKind: d.documentKind } : {}),
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
    profiles: [],
    flags: [],
    recommendations: [],
    target: "analysts",
    analysts: [],
    queue: "",
  };
}

/** One set of checkboxes of a condition ("any of these"); none checked leaves the condition out. */
function ChoiceGroup<T extends string>({
  legend,
  hint,
  name,
  options,
  checked,
  onChange,
  testId,
}: {
  legend: string;
  hint: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string; title?: string }>;
  checked: readonly T[];
  onChange: (values: T[]) => void;
  testId: string;
}) {
  return (
    <fieldset data-testid={testId} className="min-w-0">
      <legend className={labelClass}>
        {legend} <span className="font-normal text-zinc-500">({hint})</span>
      </legend>
      <div className="space-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex min-w-0 items-center gap-2 text-sm text-zinc-700" title={o.title}>
            <input
              type="checkbox"
              name={name}
              value={o.value}
              checked={checked.includes(o.value)}
              // kept in the order of the options, so the saved rule reads as the form does
              onChange={(e) =>
                onChange(options.map((x) => x.value).filter((v) => (v === o.value ? e.target.checked : checked.includes(v))))
              }
              className="size-4 shrink-0 accent-brand-600"
            />
            <span className="truncate">{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const FLAG_OPTIONS = (Object.keys(RISK_FLAG_LABELS) as RiskFlag[]).map((value) => ({ value, label: RISK_FLAG_LABELS[value] }));
const RECOMMENDATION_OPTIONS = (Object.keys(RECOMMENDATION_LABELS) as RoutingRecommendation[]).map((value) => ({
  value,
  label: RECOMMENDATION_LABELS[value],
}));

export function RulesEditor({
  rules,
  members,
  profiles,
  onChange,
}: {
  rules: RuleDraft[];
  members: Member[];
  /** The workspace's scoring profiles; empty when they could not be read. */
  profiles: readonly RoutingProfile[];
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
        // a profile a rule names that the workspace no longer lists stays shown (and checked) by its label
        const profileOptions = [
          ...profiles.map((p) => ({ value: p.id, label: profileLabel(p.id, p.name), title: p.id })),
          ...rule.profiles
            .filter((id) => !profiles.some((p) => p.id === id))
            .map((id) => ({ value: id, label: profileLabel(id), title: id })),
        ];
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
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {profileOptions.length ? (
                <ChoiceGroup
                  legend="Perfil"
                  hint="qualquer um destes"
                  name={`${key}-profiles`}
                  options={profileOptions}
                  checked={rule.profiles}
                  onChange={(values) => update(i, { profiles: values })}
                  testId="routing-rule-profiles"
                />
              ) : (
                <p className="text-xs text-zinc-600" data-testid="routing-rule-profiles-unavailable">
                  Perfil: não foi possível carregar os perfis do workspace.
                </p>
              )}
              <ChoiceGroup
                legend="Sinais de risco"
                hint="ao menos um destes"
                name={`${key}-flags`}
                options={FLAG_OPTIONS}
                checked={rule.flags}
                onChange={(values) => update(i, { flags: values })}
                testId="routing-rule-flags"
              />
              <ChoiceGroup
                legend="Recomendação das regras"
                hint="qualquer uma destas"
                name={`${key}-recommendations`}
                options={RECOMMENDATION_OPTIONS}
                checked={rule.recommendations}
                onChange={(values) => update(i, { recommendations: values })}
                testId="routing-rule-recommendations"
              />
            </div>
            <p className="text-xs text-zinc-600">Sem nada marcado, a condição vale para qualquer caso.</p>
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
