"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useCan } from "@/components/auth/role-context";
import { useTeamReview } from "@/components/review/team-review-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RefreshIcon } from "@/components/ui/icons";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import type { AiSummary } from "@/lib/contract/ai-summary";
import { generatedTextLabel } from "@/lib/contract/ai-text-label";
import { formatDateTime } from "@/lib/contract/format/date";
import { formatInteger } from "@/lib/contract/format/number";
import { aiSummaryKeys, aiSummaryQuery, type AiSummaryPanelState } from "@/lib/query/ai-summary-queries";
import { bffSend } from "@/lib/query/bff-send";
import { caseReviewQuery, reviewKeys } from "@/lib/query/review-queries";
import { FALLBACK_LABELS, RISK_LABELS, VERDICT_LABELS, type AiSummaryState } from "@/lib/verifications/ai-summary-view";
import type { Tone } from "@/lib/verifications/status";
import type { VerificationDetail } from "@/lib/verifications/view-models";

const VERDICT_TONES: Record<AiSummary["verdict"], Tone> = { APPROVE: "success", REVIEW: "warning", REJECT: "danger" };
const RISK_TONES: Record<AiSummary["riskLevel"], Tone> = { low: "success", medium: "warning", high: "danger" };

/** "Gerar resumo": the panel shows the work at once (optimistic) and goes back if the service refuses. */
function useGenerateSummary(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = aiSummaryKeys.detail(id);
  return useMutation({
    mutationFn: () => bffSend<AiSummaryState>(`/bff/verifications/${encodeURIComponent(id)}/ai-summary`, { method: "POST" }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AiSummaryPanelState>(key);
      queryClient.setQueryData<AiSummaryPanelState>(key, { state: "generating" });
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      else void queryClient.invalidateQueries({ queryKey: key });
      toast.show({ kind: "error", message: `Resumo não gerado. ${error.message}` });
    },
    onSuccess: (state) => {
      queryClient.setQueryData<AiSummaryPanelState>(key, state);
      toast.show({ kind: "success", message: summaryMade("Resumo da IA gerado", state) });
    },
  });
}

/** "Resumo da IA gerado: recomenda Reprovação." — what was made, and what it says. */
function summaryMade(what: string, state: AiSummaryState): string {
  return state.state === "ready" ? `${what}: recomenda ${VERDICT_LABELS[state.summary.verdict]}.` : `${what}.`;
}

/** "Gerar novamente" (team review): makes a new summary (recorded); over a stale one, says why first. */
function useRegenerateSummary(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => bffSend<AiSummaryState>(`/bff/verifications/${encodeURIComponent(id)}/ai-summary/regenerate`, { method: "POST" }),
    onSuccess: (state) => {
      queryClient.setQueryData<AiSummaryPanelState>(aiSummaryKeys.detail(id), state);
      toast.show({ kind: "success", message: summaryMade("Resumo da IA gerado novamente", state) });
    },
    onError: (error) => toast.show({ kind: "error", message: `Resumo não gerado. ${error.message}` }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.case(id) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.eventsOf(id) });
    },
  });
}

function Regenerate({ id }: { id: string }) {
  const team = useTeamReview();
  const canGenerate = useCan("ai:generate") && Boolean(team?.canAct);
  const review = useQuery({ ...caseReviewQuery(id), enabled: team !== null });
  const regenerate = useRegenerateSummary(id);
  if (!team) return null;
  const stale = review.data?.review.aiSummary?.stale ?? false;
  if (!stale && !canGenerate) return null;
  return (
    <div
      data-testid="ai-summary-regenerate-bar"
      data-stale={stale ? "true" : "false"}
      className={`flex flex-wrap items-center justify-between gap-2 ${stale ? "rounded-md border border-amber-300 bg-amber-50 px-3 py-2" : ""}`}
    >
      {stale ? (
        <p className="text-sm text-amber-950" data-testid="ai-summary-stale">
          <Badge tone="warning" className="mr-2">
            Desatualizado
          </Badge>
          A lista restritiva mudou para este documento depois deste resumo. Gere novamente antes de decidir.
        </p>
      ) : (
        <span />
      )}
      {canGenerate ? (
        <Button size="sm" data-testid="ai-summary-regenerate" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
          <RefreshIcon className="size-3.5" />
          {regenerate.isPending ? "Gerando…" : "Gerar novamente"}
        </Button>
      ) : null}
    </div>
  );
}

function Note({ testId, children, action }: { testId: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div data-testid={testId} className="space-y-3">
      <p className="text-sm text-zinc-700">{children}</p>
      {action}
    </div>
  );
}

function Working({ children }: { children: string }) {
  return (
    <div data-testid="ai-summary-working" role="status" className="flex items-center gap-2 text-sm text-zinc-700">
      <Spinner className="text-brand-600" />
      {children}
    </div>
  );
}

function SummaryBody({ summary }: { summary: AiSummary }) {
  return (
    <div data-testid="ai-summary" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-zinc-500">Recomendação</span>
        <Badge tone={VERDICT_TONES[summary.verdict]} data-testid="ai-verdict" data-verdict={summary.verdict}>
          {VERDICT_LABELS[summary.verdict]}
        </Badge>
        <span className="text-xs font-medium text-zinc-500">Risco</span>
        <Badge tone={RISK_TONES[summary.riskLevel]} data-testid="ai-risk" data-risk={summary.riskLevel}>
          {RISK_LABELS[summary.riskLevel]}
        </Badge>
        {summary.scoreBand ? (
          <span data-testid="ai-score-band" className="text-xs text-zinc-600">
            Faixa {summary.scoreBand.name}: {formatInteger(summary.scoreBand.min)}–{formatInteger(summary.scoreBand.max)}
          </span>
        ) : null}
      </div>
      {generatedTextLabel(summary) ? (
        <p data-testid="ai-generated-label" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
          <Badge tone="warning" className="mr-2">
            Gerado por IA
          </Badge>
          {generatedTextLabel(summary)}
        </p>
      ) : null}
      <p data-testid="ai-summary-text" className="text-sm leading-relaxed break-words text-zinc-800">
        {summary.summary}
      </p>
      <div>
        <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Destaques</h3>
        {summary.highlights.length === 0 ? (
          <p className="text-sm text-zinc-600">Nenhum destaque.</p>
        ) : (
          <ul data-testid="ai-highlights" className="list-disc space-y-1 pl-5 text-sm text-zinc-800">
            {summary.highlights.map((highlight, index) => (
              <li key={index} className="break-words">
                {highlight}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Divergências com os dados declarados</h3>
        {summary.mismatches.length === 0 ? (
          <p data-testid="ai-no-mismatches" className="text-sm text-zinc-600">
            {summary.inputChecks.length === 0
              ? "Nenhum dado declarado foi enviado na criação."
              : `Nenhuma divergência: ${summary.inputChecks.length} ${summary.inputChecks.length === 1 ? "dado declarado conferido" : "dados declarados conferidos"}.`}
          </p>
        ) : (
          <ul data-testid="ai-mismatches" className="space-y-2">
            {summary.mismatches.map((mismatch, index) => (
              <li key={index} data-testid="ai-mismatch" className="rounded-md border border-rose-200 bg-rose-50/60 px-3 py-2 text-sm">
                <div className="font-medium text-rose-900">Diverge: {mismatch.attribute}</div>
                <div className="mt-0.5 grid gap-x-4 text-xs text-zinc-700 sm:grid-cols-2">
                  <span className="break-words">
                    Declarado: <span className="text-zinc-900">{mismatch.declared}</span>
                  </span>
                  <span className="break-words">
                    Encontrado: <span className="text-zinc-900">{mismatch.found ?? "nada encontrado"}</span>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="border-t border-zinc-100 pt-3 text-xs text-zinc-600">
        Gerado por{" "}
        <span data-testid="ai-model" className="font-medium break-words text-zinc-800">
          {summary.model}
        </span>{" "}
        em <span className="tabular">{formatDateTime(summary.generatedAt)}</span>.
        {summary.fallback ? (
          <span data-testid="ai-fallback" data-fallback={summary.fallback}>
            {" "}
            Resumo de regras usado no lugar do modelo: {FALLBACK_LABELS[summary.fallback]} ({summary.fallback}).
          </span>
        ) : null}{" "}
        A recomendação não é a decisão: quem decide é o analista.
      </p>
    </div>
  );
}

const NOT_COMPLETED = "O resumo fica disponível quando a verificação for concluída.";
const LEGACY = "O resumo da IA precisa de um perfil de score: esta verificação foi criada no fluxo padrão, sem perfil.";

function SummaryPanelBody({ detail }: { detail: VerificationDetail }) {
  const canGenerate = useCan("ai:generate");
  const completed = detail.status === "COMPLETED" && detail.flow === "engine";
  const query = useQuery({ ...aiSummaryQuery(detail.id), enabled: completed });
  const generate = useGenerateSummary(detail.id);

  if (detail.flow === "legacy") return <Note testId="ai-summary-legacy">{LEGACY}</Note>;
  if (detail.status === "ANALYZING") return <Working>Gerando resumo…</Working>;
  if (detail.status === "FAILED") return <Note testId="ai-summary-unavailable">A verificação falhou: não há resumo da IA.</Note>;
  if (!completed) return <Note testId="ai-summary-unavailable">{NOT_COMPLETED}</Note>;
  if (query.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Carregando resumo da IA" className="space-y-2">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-16" />
      </div>
    );
  if (query.isError)
    return (
      <Note
        testId="ai-summary-error"
        action={
          <Button size="sm" onClick={() => void query.refetch()}>
            <RefreshIcon className="size-3.5" />
            Tentar novamente
          </Button>
        }
      >
        Não foi possível carregar o resumo. {query.error.message}
      </Note>
    );
  const data = query.data;
  switch (data.state) {
    case "ready":
      return (
        <div className="space-y-4">
          <Regenerate id={detail.id} />
          <SummaryBody summary={data.summary} />
        </div>
      );
    case "generating":
      return <Working>Gerando resumo…</Working>;
    case "analyzing":
      return <Working>Gerando resumo…</Working>;
    case "legacy":
      return <Note testId="ai-summary-legacy">{LEGACY}</Note>;
    case "not_completed":
      return <Note testId="ai-summary-unavailable">{NOT_COMPLETED}</Note>;
    case "disabled":
      return (
        <Note testId="ai-summary-disabled">
          A IA está desativada no perfil de score desta verificação, e a criação não pediu o resumo: não há resumo a gerar.
        </Note>
      );
    case "not_made":
      return canGenerate ? (
        <Note
          testId="ai-summary-missing"
          action={
            <Button variant="primary" data-testid="ai-summary-generate" disabled={generate.isPending} onClick={() => generate.mutate()}>
              Gerar resumo
            </Button>
          }
        >
          Nenhum resumo foi gerado para esta verificação ainda.
        </Note>
      ) : (
        <Note testId="ai-summary-missing">
          Nenhum resumo foi gerado para esta verificação. Seu papel só lê resumos: peça a um analista que o gere.
        </Note>
      );
  }
}

/** "Resumo da IA": the service's recommendation (verdict, risk), its paragraph, highlights, the declared data that disagree, and the model. */
export function AiSummarySection({ detail }: { detail: VerificationDetail }) {
  return (
    <Section
      title="Resumo da IA"
      description="Recomendação automática a partir do dossiê, do score e dos dados declarados"
      testId="ai-summary-section"
    >
      <SummaryPanelBody detail={detail} />
    </Section>
  );
}
