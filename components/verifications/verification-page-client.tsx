"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { CollapseOnNarrow } from "@/components/ui/collapse-on-narrow";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { RefreshIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { isBffError } from "@/lib/query/bff-fetch";
import { caseReviewQuery } from "@/lib/query/review-queries";
import { useTeamReview } from "@/components/review/team-review-context";
import { CaseReviewPanel } from "./review/case-review-panel";
import { NotesSection } from "./review/notes-section";
import { TimelineSection } from "./review/timeline-section";
import { decisionHistoryQuery } from "@/lib/query/decision-queries";
import { verificationDetailQuery } from "@/lib/query/verification-queries";
import { isTerminalStatus } from "@/lib/verifications/status";
import type { VerificationDetail } from "@/lib/verifications/view-models";
import { caseDisplayName } from "@/lib/verifications/case-name";
import { AiSummarySection } from "./ai-summary-section";
import { BackToListLink } from "./back-to-list-link";
import { CaseToc } from "./case-toc";
import { CaseTriage } from "./triage/case-triage";
import { TriageBanner } from "./triage/triage-banner";
import { CompanyProfileSection } from "./company-profile-section";
import { ContactsSection } from "./contacts-section";
import { DocumentsBiometricsSection } from "./documents-biometrics-section";
import { DownloadPdfButton } from "./download-pdf-button";
import { PersonProfileSection } from "./person-profile-section";
import { ResultSection } from "./result-section";
import { VerificationHeader } from "./verification-header";
import { VerificationMeta } from "./verification-meta";
import { NetworkSection } from "./network-section";
import { FailedState, ProcessingState } from "./verification-states";
import { FinanceAdvancedSection } from "./dossier/finance-advanced-section";
import { FinanceSection } from "./dossier/finance-section";
import { LawsuitsSection } from "./dossier/lawsuits-section";
import { RelatedSection } from "./dossier/related-section";
import { UnavailableModulesSection } from "./dossier/unavailable-modules-section";
import { ModuleSourcesProvider } from "@/components/ui/module-source";
import { WhyScore } from "@/components/rules/why-score";
import { CaseAlerts } from "@/components/monitoring/case-alerts";
import { CaseMonitoringPanel } from "@/components/monitoring/case-monitoring-panel";

/** Finance, restrictions, lawsuits and related parties, each in its own region. */
function DossierRegions({ detail }: { detail: VerificationDetail }) {
  const { finance, financeAdvanced, lawsuits, ownersLawsuits, related } = detail.dossier;
  return (
    <>
      {finance ? (
        <Region name="as finanças">
          <FinanceSection finance={finance} />
        </Region>
      ) : null}
      {financeAdvanced ? (
        <Region name="os protestos e negativações">
          <FinanceAdvancedSection data={financeAdvanced} />
        </Region>
      ) : null}
      {lawsuits ? (
        <Region name="os processos">
          <LawsuitsSection lawsuits={lawsuits} />
        </Region>
      ) : null}
      {ownersLawsuits.map((owner, index) => (
        <Region key={index} name="os processos dos sócios">
          <LawsuitsSection
            lawsuits={{ total: owner.total, active: owner.items.filter((i) => i.active).length, items: owner.items }}
            title={`Processos do sócio ${owner.name ?? ""}`.trim()}
            anchor={`processos-socio-${index + 1}`}
            testId="owner-lawsuits-section"
            module="ownersLawsuits"
          />
        </Region>
      ))}
      {related ? (
        <Region name="os relacionados">
          <RelatedSection caseId={detail.id} persons={related.persons} companies={related.companies} />
        </Region>
      ) : null}
      <UnavailableModulesSection />
    </>
  );
}

/** One region of the case page: a rendering failure stays inside it. */
function Region({ name, children }: { name: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(reset) => (
        <div className="rounded-lg border border-zinc-200 bg-white">
          <StateMessage
            kind="error"
            testId="region-error"
            title={`Não foi possível exibir ${name}`}
            action={<Button onClick={reset}>Tentar novamente</Button>}
          />
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

function ProfileRegion({ detail }: { detail: VerificationDetail }) {
  const running = !isTerminalStatus(detail.status);
  if (detail.person || detail.company) {
    const contacts = detail.person?.contacts ?? detail.company?.contacts;
    return (
      <div data-testid="profile-section" className="space-y-4">
        {detail.person ? <PersonProfileSection caseId={detail.id} profile={detail.person} document={detail.document} /> : null}
        {detail.company ? <CompanyProfileSection caseId={detail.id} profile={detail.company} /> : null}
        {contacts ? <ContactsSection contacts={contacts} /> : null}
      </div>
    );
  }
  if (running) {
    return (
      <div data-testid="profile-pending" aria-busy="true" className="space-y-3 rounded-lg border border-zinc-200 bg-white p-5">
        <Skeleton className="h-4 w-40" />
        <div className="grid grid-cols-3 gap-4">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-9" />
          ))}
        </div>
        <p className="text-xs text-zinc-500">O perfil cadastral aparece quando o módulo de perfil terminar.</p>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-zinc-200 bg-white">
      <StateMessage
        testId="profile-empty"
        title="Sem dados cadastrais"
        description={
          detail.status === "FAILED"
            ? "A verificação terminou antes de obter o perfil cadastral."
            : "Nenhum perfil cadastral foi encontrado para este documento. Confira o documento informado na criação da verificação."
        }
      />
    </div>
  );
}

export function DetailSkeleton() {
  return (
    <div data-testid="verification-loading" role="status" aria-busy="true" aria-label="Carregando verificação" className="space-y-4">
      <Skeleton className="h-24 w-full rounded-lg" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-72 rounded-lg lg:col-span-2" />
        <Skeleton className="h-72 rounded-lg" />
      </div>
    </div>
  );
}

export function VerificationPageClient({ id }: { id: string }) {
  const query = useQuery(verificationDetailQuery(id));
  const team = useTeamReview();
  const review = useQuery({ ...caseReviewQuery(id), enabled: team !== null && query.isSuccess });
  const history = useQuery({ ...decisionHistoryQuery(id), enabled: query.isSuccess });
  // a confirmed monitoring alert puts the case back in the queue: its earlier decisions stay in the
  // history, but none holds until the new one (docs/monitoring.md)
  const reopened = review.data?.review.flags.includes("alert_confirmed") === true && review.data.review.firstDecidedAt === null;
  const latestDecision = reopened ? null : history.data ? (history.data.items[0]?.status ?? null) : undefined;
  const monitoring = team?.features.includes("monitoring") ?? false;

  let content: ReactNode;
  // A failed refetch keeps the case on screen (with a notice below): only a case never loaded
  // shows the error states. Replacing it would unmount the decision panel and the dossier, and
  // lose what the analyst was writing or had opened.
  if (query.isPending) content = <DetailSkeleton />;
  else if (query.data === undefined && isBffError(query.error, 404))
    content = (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          testId="verification-not-found"
          title="Verificação não encontrada"
          description="Ela não existe ou pertence a outro workspace. Confira o endereço ou volte para a lista."
          action={
            <Link href="/verifications" className={buttonClass("secondary")}>
              Ir para verificações
            </Link>
          }
        />
      </div>
    );
  else if (query.data === undefined)
    content = (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          kind="error"
          testId="verification-error"
          title="Não foi possível carregar a verificação"
          description={query.error.message}
          action={
            <Button onClick={() => void query.refetch()}>
              <RefreshIcon className="size-3.5" />
              Tentar novamente
            </Button>
          }
        />
      </div>
    );
  else {
    const detail = query.data;
    // each section names its module's source (issue 28); without the review API nothing is said
    const sources = team && review.data ? (review.data.review.sources ?? null) : null;
    content = (
      <ModuleSourcesProvider sources={sources}>
        <div className="space-y-4" data-testid="verification-detail" data-id={detail.id} data-status={detail.status}>
          {query.isError ? (
            <div
              role="status"
              data-testid="verification-stale"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800"
            >
              <span>Não foi possível atualizar a verificação: {query.error.message} Mostrando os últimos dados carregados.</span>
              <Button onClick={() => void query.refetch()}>
                <RefreshIcon className="size-3.5" />
                Tentar novamente
              </Button>
            </div>
          ) : null}
          <TriageBanner id={detail.id} name={caseDisplayName(detail)} />
          <Region name="o cabeçalho">
            <VerificationHeader detail={detail} decision={latestDecision} />
          </Region>
          {monitoring ? (
            <Region name="os alertas de monitoramento">
              <CaseAlerts id={detail.id} canAct={team?.canAct ?? false} />
            </Region>
          ) : null}
          {!isTerminalStatus(detail.status) ? <ProcessingState status={detail.status} /> : null}
          {detail.status === "FAILED" ? <FailedState reason={detail.failureReason} /> : null}
          {/* grid-cols-1 (minmax(0, 1fr)) and min-w-0: a column never grows past the viewport at phone widths.
            The side column comes first in the document: below lg (one column) the decision and the score
            follow the header, and the dossier's sections come after them, collapsed (CollapseOnNarrow).
            From lg up it takes the right-hand column, with the table of contents sticking under it. */}
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            <div className="min-w-0 space-y-4 lg:col-start-3 lg:row-start-1">
              {team && review.data ? (
                <Region name="o responsável">
                  <CaseReviewPanel id={detail.id} view={review.data} canAct={team.canAct} />
                </Region>
              ) : null}
              {monitoring && review.data?.review.monitoring ? (
                <Region name="o monitoramento">
                  <CaseMonitoringPanel
                    id={detail.id}
                    monitoring={review.data.review.monitoring}
                    canAdminister={team?.canAdminister ?? false}
                  />
                </Region>
              ) : null}
              <Region name="a decisão">
                <CaseTriage id={detail.id} name={caseDisplayName(detail)} decidable={isTerminalStatus(detail.status)} />
              </Region>
              {team?.features.includes("notes") ? (
                <Region name="as notas">
                  <NotesSection id={detail.id} me={review.data?.me ?? null} canAct={team.canAct} canAdminister={team.canAdminister} />
                </Region>
              ) : null}
              {detail.result ? (
                <Region name="o resultado">
                  <ResultSection result={detail.result} />
                </Region>
              ) : null}
              <Region name="os detalhes">
                <VerificationMeta detail={detail} />
              </Region>
              <div className="lg:sticky lg:top-[calc(var(--header-h)+1rem)]">
                <CaseToc />
              </div>
            </div>
            <CollapseOnNarrow>
              <div className="min-w-0 space-y-4 self-start lg:col-span-2 lg:col-start-1 lg:row-start-1" data-toc>
                <Region name="o perfil cadastral">
                  <ProfileRegion detail={detail} />
                </Region>
                <Region name="o resumo da IA">
                  <AiSummarySection detail={detail} />
                </Region>
                {/* in the dossier's column (and its table of contents): a long list of fired rules in the
                  side column pushed the sticky table of contents out of reach */}
                {team && review.data?.review.scoring ? (
                  <Region name="a explicação do score">
                    <WhyScore scoring={review.data.review.scoring} />
                  </Region>
                ) : null}
                {detail.vision ? (
                  <Region name="os documentos e a biometria">
                    <DocumentsBiometricsSection detail={detail} />
                  </Region>
                ) : null}
                <DossierRegions detail={detail} />
                {/* "Rede de processos" (the lawsuit network, components of issue 9) takes its place here, after the related parties. */}
                {team?.features.includes("audit") ? (
                  <Region name="a linha do tempo">
                    <TimelineSection id={detail.id} />
                  </Region>
                ) : null}
              </div>
            </CollapseOnNarrow>
          </div>
          <CollapseOnNarrow>
            <div data-toc>
              <Region name="a rede de processos">
                <NetworkSection id={detail.id} status={detail.status} name={detail.name} />
              </Region>
            </div>
          </CollapseOnNarrow>
        </div>
      </ModuleSourcesProvider>
    );
  }

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <BackToListLink />
        {query.isSuccess ? <DownloadPdfButton id={query.data.id} name={caseDisplayName(query.data)} status={query.data.status} /> : null}
      </div>
      {content}
    </div>
  );
}
