import { AlertIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { statusMeta } from "@/lib/verifications/status";

/** Shown while the verification is not terminal; the page reads it again every 2 s. */
export function ProcessingState({ status }: { status: string }) {
  return (
    <div
      data-testid="verification-processing"
      role="status"
      className="flex items-center gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      <Spinner className="size-4 text-sky-600" />
      <div>
        <p className="font-medium">Verificação em andamento ({statusMeta(status).label.toLowerCase()})</p>
        <p className="text-sky-800/80">
          Os dados aparecem assim que os módulos terminarem. Esta página se atualiza sozinha a cada 2 segundos.
        </p>
      </div>
    </div>
  );
}

const FAILURE_REASONS: Record<string, string> = {
  retry_exhausted: "As fontes de dados falharam em todas as tentativas.",
  deadline_exceeded: "O prazo da verificação terminou antes da conclusão.",
  permanent_failure: "Uma fonte de dados recusou a consulta de forma definitiva.",
  upstream_rejected_document: "A fonte de dados recusou o documento de forma definitiva.",
  subject_not_found: "Nenhum titular foi encontrado para este documento.",
  source_not_configured: "Nenhuma fonte de dados está configurada para o cadastro deste documento (sandbox desligado).",
  registry_not_loaded: "A base da Receita Federal ainda não foi importada.",
};

export function FailedState({ reason }: { reason: string | null }) {
  return (
    <div
      data-testid="verification-failed"
      className="flex items-start gap-3 rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0 text-rose-600" />
      <div>
        <p className="font-medium">A verificação falhou</p>
        <p className="text-rose-800/90">
          {(reason && FAILURE_REASONS[reason]) ?? "Não foi possível concluir a verificação."}
          {reason ? <span className="ml-1 font-mono text-xs text-rose-700/80">({reason})</span> : null} Crie uma nova verificação para
          tentar de novo.
        </p>
      </div>
    </div>
  );
}
