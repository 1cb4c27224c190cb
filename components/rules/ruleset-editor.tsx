"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { formatDateTime } from "@/lib/contract/format/date";
import type { Fact, RuleDef, Ruleset, Thresholds } from "@/lib/contract/rules";
import { bffFetch, isBffError } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import { cn } from "@/lib/utils/cn";
import { ConditionInput } from "./condition-input";
import { profileLabel, stateBadges, userName } from "./ruleset-labels";
import { Simulate } from "./simulate";
import { TryOnCase } from "./try-on-case";

/** The two thresholds' fields, one markup for both. */
const THRESHOLD_FIELDS: readonly { key: keyof Thresholds; label: string; testId: string }[] = [
  { key: "approveAtOrAbove", label: "Aprovar a partir de", testId: "threshold-approve" },
  { key: "reproveBelow", label: "Reprovar abaixo de", testId: "threshold-reprove" },
];

// One rule set version (issue 31 item 6): a row per rule (código, título, condição, peso, módulo,
// ativa) and the thresholds. A draft is edited by admins ("Salvar rascunho"); the service's
// invalid_ruleset shows on the rule it names, with the position in the condition. "Nova versão a
// partir desta", "Publicar" (by another admin than the last editor), "Ativar", "Sombra". Analysts
// and viewers read it all and may try it on a case.

const input = "h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 read-only:bg-zinc-50 disabled:bg-zinc-50";
const GRID = "lg:grid lg:grid-cols-[9rem_minmax(8rem,12rem)_minmax(12rem,1fr)_5.5rem_7rem_3.5rem_2.5rem] lg:items-start lg:gap-2";

/** "Regra 3 (x): …" → the rule's index (0-based), when the message names one. */
function ruleOfError(message: string): number | null {
  const match = /^Regra (\d+)/.exec(message);
  return match ? Number(match[1]) - 1 : null;
}

const blankRule = (): RuleDef => ({ code: "", title: "", condition: "", weight: 100, module: "profile", enabled: true });

export function RulesetEditor({ id, canEdit }: { id: string; canEdit: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const queries = useQueryClient();
  const version = useQuery({ queryKey: ["ruleset", id], queryFn: ({ signal }) => bffFetch<Ruleset>(`/bff/rules/rulesets/${id}`, signal) });
  const profileId = version.data?.profileId;
  const facts = useQuery({
    queryKey: ["rule-facts", profileId],
    queryFn: ({ signal }) => bffFetch<{ facts: Fact[] }>(`/bff/rules/facts?profileId=${profileId}`, signal),
    enabled: Boolean(profileId),
    staleTime: 10 * 60_000,
  });

  // the version a draft was copied from, by its number (the profile's list, cached from /rules)
  const siblings = useQuery({
    queryKey: ["rulesets", profileId],
    queryFn: ({ signal }) =>
      bffFetch<{ rulesets: Array<{ id: string; version: number }> }>(`/bff/rules/rulesets?profileId=${profileId}`, signal),
    enabled: Boolean(profileId && version.data?.basedOn),
  });

  const [rules, setRules] = useState<RuleDef[]>([]);
  const [thresholds, setThresholds] = useState<Thresholds>({ approveAtOrAbove: 700, reproveBelow: 400 });
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [loadedAt, setLoadedAt] = useState<string | null>(null);

  useEffect(() => {
    if (version.data && version.data.updatedAt !== loadedAt) {
      setRules(version.data.rules);
      setThresholds(version.data.thresholds);
      setLoadedAt(version.data.updatedAt);
      setDirty(false);
    }
  }, [version.data, loadedAt]);

  if (version.isPending)
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Carregando a versão">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (version.isError)
    return (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          kind="error"
          testId="ruleset-error"
          title={isBffError(version.error, 404) ? "Versão não encontrada" : "Não foi possível carregar a versão"}
          description={version.error.message}
          action={
            <Link href="/rules" className="text-sm font-medium text-brand-700 hover:underline">
              Voltar às regras
            </Link>
          }
        />
      </div>
    );

  const v = version.data;
  const editable = canEdit && v.state === "draft";
  const errorRule = error ? ruleOfError(error) : null;

  const change = (i: number, patch: Partial<RuleDef>) => {
    setRules((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    setDirty(true);
  };

  const focusRule = (i: number) => {
    const field = document.getElementById(`rule-${i}-condition`);
    field?.scrollIntoView({ block: "center" });
    field?.focus();
  };

  const act = async (name: string, call: () => Promise<Ruleset>, done: string) => {
    setBusy(name);
    try {
      const next = await call();
      queries.setQueryData(["ruleset", id], next);
      void queries.invalidateQueries({ queryKey: ["rulesets", next.profileId] });
      setError(null);
      toast.show({ kind: "success", message: done });
    } catch (e) {
      const message = (e as Error).message;
      if (name === "save") {
        setError(message);
        const rule = ruleOfError(message);
        setRefused(rule !== null ? (rules[rule]?.condition ?? null) : null);
        if (rule !== null) requestAnimationFrame(() => focusRule(rule));
      } else toast.show({ kind: "error", message });
      if (name === "publish" && isBffError(e, 403)) setError(message);
    } finally {
      setBusy(null);
    }
  };

  const save = () =>
    act("save", () => bffSend<Ruleset>(`/bff/rules/rulesets/${id}`, { method: "PUT", body: { rules, thresholds } }), "Rascunho salvo.");
  const lifecycle = (action: "publish" | "activate" | "shadow", body: unknown, done: string) =>
    act(action, () => bffSend<Ruleset>(`/bff/rules/rulesets/${id}/${action}`, { method: "POST", body }), done);
  const newVersion = async () => {
    setBusy("new");
    try {
      const draft = await bffSend<Ruleset>("/bff/rules/rulesets", { method: "POST", body: { profileId: v.profileId, basedOn: v.id } });
      toast.show({ kind: "success", message: `Rascunho da versão ${draft.version} criado a partir da versão ${v.version}.` });
      router.push(`/rules/${draft.id}`);
    } catch (e) {
      toast.show({ kind: "error", message: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };

  const factList = facts.data?.facts ?? [];

  return (
    <div className="space-y-5">
      <div>
        <Link href={`/rules?profile=${v.profileId}`} className="text-sm text-brand-700 hover:underline">
          ← Regras
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold text-zinc-900">
            Versão {v.version} · {profileLabel(v.profileId)}
          </h1>
          <span className="flex gap-1.5" data-testid="ruleset-state">
            {stateBadges(v).map((b) => (
              <Badge key={b.key} tone={b.tone} dot data-status={b.key}>
                {b.label}
              </Badge>
            ))}
          </span>
        </div>
        <p data-testid="ruleset-meta" className="mt-1 text-xs text-zinc-600">
          Criada por {userName(v.createdBy)} em {formatDateTime(v.createdAt)}
          {v.updatedBy ? ` · editada por último por ${userName(v.updatedBy)} em ${formatDateTime(v.updatedAt)}` : ""}
          {v.publishedAt ? ` · publicada por ${userName(v.publishedBy)} em ${formatDateTime(v.publishedAt)}` : ""}
          {v.basedOn ? ` · a partir da versão ${siblings.data?.rulesets.find((r) => r.id === v.basedOn)?.version ?? "anterior"}` : ""}
        </p>
        {!canEdit ? (
          <p data-testid="ruleset-readonly" className="mt-2 text-sm text-zinc-600">
            Modo leitura: só admins editam, publicam e ativam regras.
          </p>
        ) : v.state === "published" ? (
          <p className="mt-2 text-sm text-zinc-600">Versão publicada: não muda mais. Para mudar, crie uma nova versão a partir dela.</p>
        ) : null}
      </div>

      {canEdit ? (
        <div className="flex flex-wrap gap-2" data-testid="ruleset-actions">
          {v.state === "draft" ? (
            <>
              <Button variant="primary" data-testid="ruleset-save" disabled={busy !== null} onClick={save}>
                {busy === "save" ? "Salvando…" : "Salvar rascunho"}
              </Button>
              <Button
                data-testid="ruleset-publish"
                disabled={busy !== null || dirty}
                title={dirty ? "Salve o rascunho antes de publicar" : undefined}
                onClick={() => lifecycle("publish", undefined, `Versão ${v.version} publicada.`)}
              >
                {busy === "publish" ? "Publicando…" : "Publicar"}
              </Button>
            </>
          ) : (
            <>
              {!v.active ? (
                <Button
                  variant="primary"
                  data-testid="ruleset-activate"
                  disabled={busy !== null}
                  onClick={() => lifecycle("activate", undefined, `Versão ${v.version} ativa: pontua as novas verificações.`)}
                >
                  {busy === "activate" ? "Ativando…" : "Ativar"}
                </Button>
              ) : null}
              {!v.active ? (
                <Button
                  data-testid="ruleset-shadow"
                  aria-pressed={v.shadow}
                  disabled={busy !== null}
                  onClick={() =>
                    lifecycle(
                      "shadow",
                      { enabled: !v.shadow },
                      v.shadow
                        ? `Versão ${v.version} fora da sombra.`
                        : `Versão ${v.version} em sombra: pontua ao lado da ativa, sem efeito.`,
                    )
                  }
                >
                  {v.shadow ? "Tirar da sombra" : "Sombra"}
                </Button>
              ) : null}
            </>
          )}
          <Button data-testid="ruleset-new-version" disabled={busy !== null} onClick={newVersion}>
            {busy === "new" ? "Criando…" : "Nova versão a partir desta"}
          </Button>
        </div>
      ) : null}

      {error ? (
        <div role="alert" data-testid="ruleset-save-error" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {errorRule !== null ? (
            <>
              O rascunho não foi salvo: a regra {errorRule + 1} tem um erro.{" "}
              <button type="button" className="font-medium underline" onClick={() => focusRule(errorRule)}>
                Ir para a regra {errorRule + 1}
              </button>
            </>
          ) : (
            error
          )}
        </div>
      ) : null}

      <fieldset className="rounded-lg border border-zinc-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold text-zinc-900">Limites</legend>
        <div className="flex flex-wrap gap-4">
          {THRESHOLD_FIELDS.map(({ key, label, testId }) => (
            <label key={key} className="text-xs font-medium text-zinc-700">
              {label}
              <input
                type="number"
                min={0}
                max={1000}
                data-testid={testId}
                className={cn(input, "mt-1 w-28")}
                readOnly={!editable}
                value={thresholds[key]}
                onChange={(e) => {
                  setThresholds({ ...thresholds, [key]: Number(e.target.value) });
                  setDirty(true);
                }}
              />
            </label>
          ))}
          <p className="basis-full text-xs text-zinc-600">
            O score é 1.000 menos o peso das regras ativas que disparam. Entre os dois limites, a recomendação é revisar.
          </p>
        </div>
      </fieldset>

      <section aria-labelledby="rules-title" className="rounded-lg border border-zinc-200 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 px-4 py-3">
          <h2 id="rules-title" className="text-sm font-semibold text-zinc-900">
            Regras ({rules.length})
          </h2>
          {facts.isError ? <span className="text-xs text-rose-700">Não foi possível carregar os fatos para o autocompletar.</span> : null}
          {editable ? (
            <Button
              size="sm"
              data-testid="rule-add"
              onClick={() => {
                setRules((all) => [...all, blankRule()]);
                setDirty(true);
              }}
            >
              Adicionar regra
            </Button>
          ) : null}
        </div>
        <div className={cn("hidden border-b border-zinc-200 px-4 py-2 text-xs font-medium text-zinc-600", GRID)} aria-hidden="true">
          <span>Código</span>
          <span>Título</span>
          <span>Condição</span>
          <span>Peso</span>
          <span>Módulo</span>
          <span>Ativa</span>
          <span />
        </div>
        {rules.length === 0 ? (
          <StateMessage
            title="Nenhuma regra"
            description={editable ? "Adicione uma regra: sem regras, todo caso tem score 1.000." : undefined}
          />
        ) : (
          <ol data-testid="rules-rows" className="divide-y divide-zinc-100">
            {rules.map((rule, i) => {
              const rowId = `rule-${i}`;
              const rowError = errorRule === i ? error : null;
              return (
                <li
                  key={i}
                  data-testid="rule-row"
                  data-code={rule.code}
                  className={cn("grid grid-cols-2 gap-2 px-4 py-2.5", GRID, rowError && "bg-rose-50/50")}
                >
                  <label className="text-xs text-zinc-700">
                    <span className="lg:sr-only">Código</span>
                    <span className="sr-only"> da regra {i + 1}</span>
                    <input
                      data-testid="rule-code"
                      className={cn(input, "font-mono text-xs")}
                      readOnly={!editable}
                      value={rule.code}
                      onChange={(e) => change(i, { code: e.target.value })}
                    />
                  </label>
                  <label className="text-xs text-zinc-700">
                    <span className="lg:sr-only">Título</span>
                    <span className="sr-only"> da regra {i + 1}</span>
                    <input
                      data-testid="rule-title"
                      className={input}
                      readOnly={!editable}
                      value={rule.title}
                      onChange={(e) => change(i, { title: e.target.value })}
                    />
                  </label>
                  <div className="col-span-2 text-xs text-zinc-700 lg:col-span-1">
                    <label htmlFor={`${rowId}-condition`}>
                      <span className="lg:sr-only">Condição</span>
                      <span className="sr-only"> da regra {i + 1}</span>
                    </label>
                    <ConditionInput
                      id={`${rowId}-condition`}
                      value={rule.condition}
                      facts={factList}
                      readOnly={!editable}
                      error={rowError}
                      refused={rowError ? refused : null}
                      onChange={(condition) => change(i, { condition })}
                    />
                  </div>
                  <label className="text-xs text-zinc-700">
                    <span className="lg:sr-only">Peso</span>
                    <span className="sr-only"> da regra {i + 1}</span>
                    <input
                      type="number"
                      min={0}
                      max={1000}
                      data-testid="rule-weight"
                      className={cn(input, "tabular")}
                      readOnly={!editable}
                      value={rule.weight}
                      onChange={(e) => change(i, { weight: Number(e.target.value) })}
                    />
                  </label>
                  <label className="text-xs text-zinc-700">
                    <span className="lg:sr-only">Módulo</span>
                    <span className="sr-only"> da regra {i + 1}</span>
                    <input
                      data-testid="rule-module"
                      className={cn(input, "font-mono text-xs")}
                      readOnly={!editable}
                      value={rule.module}
                      onChange={(e) => change(i, { module: e.target.value })}
                    />
                  </label>
                  <label className="flex items-center gap-2 text-xs text-zinc-700 lg:h-9 lg:justify-center">
                    <input
                      type="checkbox"
                      data-testid="rule-enabled"
                      className="size-4"
                      disabled={!editable}
                      checked={rule.enabled}
                      onChange={(e) => change(i, { enabled: e.target.checked })}
                    />
                    <span className="lg:sr-only">Ativa</span>
                    <span className="sr-only"> (regra {i + 1})</span>
                  </label>
                  {editable ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="justify-self-end lg:mt-0.5"
                      aria-label={`Remover a regra ${i + 1}`}
                      onClick={() => {
                        setRules((all) => all.filter((_, j) => j !== i));
                        setDirty(true);
                      }}
                    >
                      ✕
                    </Button>
                  ) : (
                    <span />
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <TryOnCase target={() => (editable ? { rules, thresholds } : { id: v.id })} />

      <Simulate version={v} canEdit={canEdit} unsaved={editable && dirty} />
    </div>
  );
}
