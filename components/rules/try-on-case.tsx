"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { formatInteger } from "@/lib/contract/format/number";
import type { FactValue, Recommendation, RuleDef, Thresholds } from "@/lib/contract/rules";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import { moduleLabel } from "@/lib/verifications/rule-catalog";
import type { VerificationPage } from "@/lib/verifications/view-models";

// "Testar com um caso" (issue 31 item 6): the analyst picks a verification by name or document (as
// the audit's case box does) and sees the version, as it is on screen (a draft's unsaved rows
// too), scored on it: what fires and why (the facts each rule read), the score, the recommendation.

const RECOMMENDATION: Record<Recommendation, string> = { APPROVE: "Aprovar", REVIEW: "Revisar", REPROVE: "Reprovar" };

interface Evaluation {
  score: number;
  recommendation: Recommendation;
  elapsedMs: number;
  rules: Array<{
    code: string;
    title: string;
    weight: number;
    module: string;
    enabled: boolean;
    fired: boolean;
    facts: Record<string, FactValue>;
    error: string | null;
  }>;
}

function factText(value: FactValue): string {
  if (value === null) return "sem dado";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "number") return value.toLocaleString("pt-BR");
  if (Array.isArray(value)) return value.length === 0 ? "nenhum" : value.join(", ");
  return value;
}

export function TryOnCase({ target }: { target: () => { id: string } | { rules: RuleDef[]; thresholds: Thresholds } }) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Evaluation | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim().length >= 2 ? text.trim() : ""), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ["rules-case-search", term],
    queryFn: ({ signal }) =>
      bffFetch<VerificationPage>(`/bff/verifications?${new URLSearchParams({ q: term, limit: "8", status: "COMPLETED" })}`, signal),
    enabled: term !== "",
    staleTime: 30_000,
  });
  const items = found.data?.items ?? [];

  const run = async () => {
    if (!picked) return;
    setRunning(true);
    setError(null);
    try {
      setResult(
        await bffSend<Evaluation>("/bff/rules/evaluate", { method: "POST", body: { ruleset: target(), verificationId: picked.id } }),
      );
    } catch (e) {
      setResult(null);
      setError((e as Error).message);
    } finally {
      setRunning(false);
    }
  };

  const fired = result?.rules.filter((r) => r.fired) ?? [];
  const unread = result?.rules.filter((r) => !r.fired && r.error) ?? [];

  return (
    <Section
      title="Testar com um caso"
      description="Pontua um caso concluído com esta versão, como está na tela. Nada é gravado."
      testId="rules-try"
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-2">
          <div className="relative w-full sm:w-80">
            <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-zinc-700">
              Caso (nome ou documento)
            </label>
            <input
              id={inputId}
              data-testid="rules-try-case"
              className="h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm"
              value={text}
              placeholder="Nome ou documento"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setText(e.target.value);
                setPicked(null);
                setOpen(true);
              }}
              onKeyDown={(e) => {
                if (e.key === "Escape") setOpen(false);
              }}
            />
            {open && term !== "" ? (
              <ul
                aria-label="Casos encontrados"
                data-testid="rules-try-options"
                className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-zinc-200"
              >
                {found.isPending ? (
                  <li className="px-3 py-2 text-zinc-600">Buscando…</li>
                ) : found.isError ? (
                  <li className="px-3 py-2 text-rose-700">{found.error.message}</li>
                ) : items.length === 0 ? (
                  <li className="px-3 py-2 text-zinc-600">Nenhum caso concluído com esse nome ou documento.</li>
                ) : (
                  items.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        data-testid="rules-try-option"
                        data-case={item.id}
                        className="block w-full px-3 py-1.5 text-left hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none"
                        onClick={() => {
                          const name = item.name ?? item.document;
                          setText(name);
                          setPicked({ id: item.id, name });
                          setOpen(false);
                        }}
                      >
                        <span className="block truncate text-zinc-900">{item.name ?? "Nome não informado"}</span>
                        <span className="tabular block font-mono text-xs text-zinc-600">{item.document}</span>
                      </button>
                    </li>
                  ))
                )}
              </ul>
            ) : null}
          </div>
          <Button variant="primary" data-testid="rules-try-run" disabled={!picked || running} onClick={run}>
            {running ? "Testando…" : "Testar"}
          </Button>
        </div>

        {error ? (
          <p role="alert" data-testid="rules-try-error" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {error}
          </p>
        ) : null}

        {result && picked ? (
          <div data-testid="rules-try-result" className="space-y-3" aria-live="polite">
            <p className="text-sm text-zinc-800">
              <Link href={`/verifications/${picked.id}`} className="font-medium text-brand-700 hover:underline">
                {picked.name}
              </Link>
              : score{" "}
              <span data-testid="rules-try-score" className="tabular font-semibold">
                {formatInteger(result.score)}
              </span>
              , recomendação{" "}
              <span data-testid="rules-try-recommendation" className="font-semibold">
                {RECOMMENDATION[result.recommendation]}
              </span>
              .{" "}
              {fired.length === 0
                ? "Nenhuma regra disparou."
                : `${fired.length} ${fired.length === 1 ? "regra disparou" : "regras dispararam"}.`}
            </p>
            {fired.length > 0 ? (
              <ul data-testid="rules-try-fired" className="space-y-2">
                {fired.map((r) => (
                  <li key={`${r.module}:${r.code}`} data-rule={r.code} className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="text-sm font-medium text-zinc-900">{r.title}</span>
                      <span className="tabular text-xs font-medium text-rose-800">
                        {r.enabled ? `−${formatInteger(r.weight)} pontos` : "inativa: não tira pontos"}
                      </span>
                    </div>
                    <p className="mt-0.5 text-xs text-zinc-600">
                      <code className="text-[11px]">{r.code}</code> · módulo {moduleLabel(r.module)}
                    </p>
                    {Object.keys(r.facts).length > 0 ? (
                      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs">
                        {Object.entries(r.facts).map(([name, value]) => (
                          <div key={name} className="contents">
                            <dt className="font-mono text-zinc-600">{name}</dt>
                            <dd className="break-words text-zinc-900">{factText(value)}</dd>
                          </div>
                        ))}
                      </dl>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {unread.length > 0 ? (
              <p className="text-xs text-zinc-600">Não avaliadas por falta de dado no caso: {unread.map((r) => r.code).join(", ")}.</p>
            ) : null}
          </div>
        ) : null}
      </div>
    </Section>
  );
}
