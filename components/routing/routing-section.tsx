"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import type { ReviewSettings } from "@/lib/contract/review";
import type { DryRunResult, RoutingMode, RoutingRule, RoutingSettings } from "@/lib/contract/routing";
import { bffSend } from "@/lib/query/bff-send";
import { membersQuery, reviewKeys, reviewSettingsQuery } from "@/lib/query/review-queries";
import { AnalystsTable } from "./analysts-table";
import { DryRunPanel } from "./dry-run-panel";
import { routingMembersQuery } from "./routing-queries";
import { fromRuleDraft, inputClass, newRuleDraft, RulesEditor, toRuleDraft, type RoutingProfile, type RuleDraft } from "./rules-editor";

// /settings → "Distribuição" (issue 35 item 5; docs/routing.md): the mode and the routing rules in
// order, the analysts with their caps and absences, and the dry run ("quem teria recebido").

const MODE_LABELS: Record<RoutingMode, string> = {
  off: "Desligada: os casos ficam sem responsável",
  round_robin: "Rodízio: cada regra reparte os casos em turnos",
  least_loaded: "Menor carga: quem tem menos casos abertos recebe",
};

interface Draft {
  mode: RoutingMode;
  rules: RuleDraft[];
}

/** The draft as the API takes it, or a pt-BR problem. */
function toSettings(draft: Draft, profiles: readonly RoutingProfile[]): RoutingSettings | string {
  const rules: RoutingRule[] = [];
  for (const d of draft.rules) {
    const rule = fromRuleDraft(d, profiles);
    if (typeof rule === "string") return rule;
    rules.push(rule);
  }
  return { mode: draft.mode, rules };
}

/** `profiles`: the workspace's scoring profiles, read by the page on the server (empty when they could not be). */
export function RoutingSection({ profiles }: { profiles: readonly RoutingProfile[] }) {
  const settings = useQuery(reviewSettingsQuery());
  const members = useQuery(membersQuery());
  const routing = useQuery(routingMembersQuery());
  const queryClient = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data && !draft) setDraft({ mode: settings.data.routing.mode, rules: settings.data.routing.rules.map(toRuleDraft) });
  }, [settings.data, draft]);

  const save = useMutation({
    mutationFn: (body: RoutingSettings) => bffSend<ReviewSettings>("/bff/review/settings", { method: "PUT", body: { routing: body } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reviewKeys.settings, saved);
      setDraft({ mode: saved.routing.mode, rules: saved.routing.rules.map(toRuleDraft) });
      setProblem(null);
      toast.show({ kind: "success", message: "Distribuição salva." });
    },
    onError: (error) => setProblem(error.message),
  });
  const dryRun = useMutation({
    mutationFn: (body: RoutingSettings) =>
      bffSend<DryRunResult>("/bff/review/routing/dry-run", { method: "POST", body: { routing: body } }),
  });

  if (settings.isError || members.isError)
    return (
      <Section title="Distribuição" testId="routing-section">
        <StateMessage
          kind="error"
          testId="routing-error"
          title="Não foi possível carregar a distribuição"
          description={(settings.error ?? members.error)?.message}
        />
      </Section>
    );
  if (!draft || !members.data) return <Skeleton className="h-64 rounded-lg" />;

  const people = members.data.members;
  const nameOf = (id: string) => {
    const m = people.find((p) => p.id === id);
    return m ? m.name || m.email : "pessoa removida";
  };
  const current = () => {
    const built = toSettings(draft, profiles);
    if (typeof built === "string") setProblem(built);
    else setProblem(null);
    return typeof built === "string" ? null : built;
  };

  return (
    <div className="space-y-4" data-testid="routing-section">
      <Section
        title="Distribuição"
        description="Quando um caso fica pronto para revisão, a primeira regra que combina com ele escolhe quem o recebe. Um caso que nenhuma regra pega fica sem responsável."
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const built = current();
            if (built) save.mutate(built);
          }}
        >
          <div className="px-4 py-3">
            <label htmlFor="routing-mode" className="mb-1 block text-xs font-medium text-zinc-600">
              Modo
            </label>
            <select
              id="routing-mode"
              data-testid="routing-mode"
              value={draft.mode}
              onChange={(e) => setDraft({ ...draft, mode: e.target.value as RoutingMode })}
              className={`${inputClass} w-full sm:w-auto`}
            >
              {(Object.keys(MODE_LABELS) as RoutingMode[]).map((mode) => (
                <option key={mode} value={mode}>
                  {MODE_LABELS[mode]}
                </option>
              ))}
            </select>
          </div>
          <h3 className="px-4 pt-2 text-sm font-semibold text-zinc-900">Regras, em ordem</h3>
          <RulesEditor rules={draft.rules} members={people} profiles={profiles} onChange={(rules) => setDraft({ ...draft, rules })} />
          <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 px-4 py-3">
            <Button
              data-testid="routing-add-rule"
              disabled={draft.rules.length >= 50}
              onClick={() => setDraft({ ...draft, rules: [...draft.rules, newRuleDraft(draft.rules)] })}
            >
              Adicionar regra
            </Button>
            <Button
              data-testid="routing-dry-run-button"
              disabled={dryRun.isPending}
              onClick={() => {
                const built = current();
                if (built) dryRun.mutate(built);
              }}
            >
              {dryRun.isPending ? "Simulando…" : "Simular com os últimos 100 casos"}
            </Button>
            <Button type="submit" variant="primary" data-testid="routing-save" disabled={save.isPending} className="sm:ml-auto">
              Salvar distribuição
            </Button>
          </div>
          {problem ? (
            <p role="alert" data-testid="routing-problem" className="px-4 pb-3 text-sm text-rose-700">
              {problem}
            </p>
          ) : null}
        </form>
      </Section>

      {dryRun.data || dryRun.isError ? (
        <Section title="Quem teria recebido" description="Os últimos 100 casos distribuídos de novo com as regras acima. Nada é atribuído.">
          {dryRun.isError ? (
            <StateMessage kind="error" title="Não foi possível simular" description={dryRun.error.message} />
          ) : (
            <DryRunPanel result={dryRun.data!} nameOf={nameOf} />
          )}
        </Section>
      ) : null}

      <Section
        title="Equipe: limites e ausências"
        description="A distribuição não passa do limite de casos abertos de ninguém e não dá casos a quem está ausente."
      >
        {routing.isError ? (
          <StateMessage kind="error" title="Não foi possível carregar a equipe" description={routing.error.message} />
        ) : routing.data ? (
          <AnalystsTable members={people} routing={routing.data.members} />
        ) : (
          <Skeleton className="m-4 h-24 rounded-md" />
        )}
      </Section>
    </div>
  );
}
