"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { StateMessage } from "@/components/ui/state-message";
import type { Backtest, Ruleset } from "@/lib/contract/rules";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import { BacktestResult } from "./backtest-result";

// "Simular" (issue 31 item 6): an admin backtests this version on the team's decisions, over an
// optional period, against the active version or another of the profile; the console follows its
// progress and shows the result (./backtest-result.tsx). The backtest's id stays in the address
// (?simulacao=), so analysts and viewers open a result an admin sends them.

const FIELD = "mt-1 h-9 rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900";

/** A day of the date input (yyyy-mm-dd) as the instant its day starts in Brasília (UTC−3, no daylight saving since 2019). */
const dayStart = (day: string) => `${day}T00:00:00-03:00`;
/** The day after, for the exclusive end: "até 30/11" includes the 30th. */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function Simulate({ version, canEdit, unsaved }: { version: Ruleset; canEdit: boolean; unsaved: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const formId = useId();
  const backtestId = search.get("simulacao");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [baseline, setBaseline] = useState("");
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const siblings = useQuery({
    queryKey: ["rulesets", version.profileId],
    queryFn: ({ signal }) =>
      bffFetch<{ rulesets: Array<{ id: string; version: number; state: string; active: boolean }> }>(
        `/bff/rules/rulesets?profileId=${version.profileId}`,
        signal,
      ),
    enabled: canEdit,
  });
  const others = (siblings.data?.rulesets ?? []).filter((r) => r.id !== version.id);
  const active = others.find((r) => r.active) ?? (version.active ? version : null);

  const backtest = useQuery({
    queryKey: ["backtest", backtestId],
    queryFn: ({ signal }) => bffFetch<Backtest>(`/bff/rules/backtests/${backtestId}`, signal),
    enabled: Boolean(backtestId),
    // follow it until it ends; a finished backtest never changes
    refetchInterval: (query) =>
      query.state.data && (query.state.data.state === "done" || query.state.data.state === "failed") ? false : 1000,
    staleTime: (query) => (query.state.data?.state === "done" ? Infinity : 0),
  });

  const run = async () => {
    if (from && to && to < from) {
      setError("O início do período precisa vir antes do fim.");
      return;
    }
    setAsking(true);
    setError(null);
    try {
      const body = { from: from ? dayStart(from) : undefined, to: to ? dayStart(nextDay(to)) : undefined, baseline: baseline || undefined };
      const created = await bffSend<{ id: string }>(`/bff/rules/rulesets/${version.id}/backtests`, { method: "POST", body });
      const params = new URLSearchParams(search.toString());
      params.set("simulacao", created.id);
      router.replace(`${pathname}?${params}`, { scroll: false });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setAsking(false);
    }
  };

  const b = backtest.data;
  const running = b && (b.state === "queued" || b.state === "running");
  const mismatch = b && b.rulesetId !== version.id;

  return (
    <Section
      title="Simular"
      description="Roda esta versão nos casos do período, ao lado de outra versão, e mede as duas contra as decisões da equipe (reprovado conta como positivo, aprovado como negativo)."
      testId="rules-simulate"
    >
      <div className="space-y-4">
        {canEdit ? (
          <form
            aria-labelledby={`${formId}-title`}
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              void run();
            }}
          >
            <span id={`${formId}-title`} className="sr-only">
              Pedir uma simulação
            </span>
            <label className="text-xs font-medium text-zinc-700">
              De (criação do caso)
              <input
                type="date"
                data-testid="simulate-from"
                className={`${FIELD} block`}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </label>
            <label className="text-xs font-medium text-zinc-700">
              Até
              <input
                type="date"
                data-testid="simulate-to"
                className={`${FIELD} block`}
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </label>
            <label className="text-xs font-medium text-zinc-700">
              Comparar com
              <select
                data-testid="simulate-baseline"
                className={`${FIELD} block`}
                value={baseline}
                onChange={(e) => setBaseline(e.target.value)}
              >
                <option value="">{active ? `A versão ativa (${active.version})` : "A versão ativa"}</option>
                {others
                  .filter((r) => !r.active)
                  .map((r) => (
                    <option key={r.id} value={r.id}>
                      Versão {r.version}
                      {r.state === "draft" ? " (rascunho)" : ""}
                    </option>
                  ))}
              </select>
            </label>
            <Button type="submit" variant="primary" data-testid="simulate-run" disabled={asking || Boolean(running)}>
              {asking ? "Pedindo…" : running ? "Simulando…" : "Simular"}
            </Button>
            <p className="basis-full text-xs text-zinc-600">
              {unsaved ? (
                <strong data-testid="simulate-unsaved" className="font-medium text-amber-800">
                  A simulação usa o rascunho salvo: salve antes para simular o que está na tela.{" "}
                </strong>
              ) : null}
              Sem datas, todos os casos do perfil. Nada muda nos casos: só mede.
            </p>
          </form>
        ) : (
          <p className="text-sm text-zinc-600" data-testid="simulate-readonly">
            Só admins pedem simulações. Um admin pode enviar o endereço de uma simulação para você lê-la aqui.
          </p>
        )}

        {error ? (
          <p role="alert" data-testid="simulate-error" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {error}
          </p>
        ) : null}

        {!backtestId ? null : backtest.isPending ? (
          <div aria-busy="true" aria-label="Carregando a simulação" className="h-16" />
        ) : backtest.isError ? (
          <StateMessage
            kind="error"
            testId="backtest-error"
            title="Não foi possível carregar a simulação"
            description={backtest.error.message}
          />
        ) : mismatch ? (
          <StateMessage
            kind="error"
            testId="backtest-mismatch"
            title="Esta simulação é de outra versão"
            description="Abra a simulação na página da versão simulada."
          />
        ) : b!.state === "failed" ? (
          <StateMessage
            kind="error"
            testId="backtest-failed"
            title="A simulação falhou"
            description={b!.error ?? "Tente de novo em instantes."}
          />
        ) : running ? (
          <div data-testid="backtest-progress" role="status" className="space-y-1">
            <p className="text-sm text-zinc-700">
              {b!.state === "queued" ? "Na fila…" : `Simulando: ${Math.round(b!.progress * 100)}% dos casos lidos`}
            </p>
            <progress className="h-2 w-full max-w-md" max={1} value={b!.progress} aria-label="Progresso da simulação" />
          </div>
        ) : (
          <BacktestResult backtest={b!} />
        )}
      </div>
    </Section>
  );
}
