"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { isTerminalStatus } from "@/lib/verifications/status";

const UNAVAILABLE = "Serviço indisponível no momento. Tente novamente em instantes.";

/** The BFF's pt-BR message of a failed download ({error: {message}}), or a generic one. */
async function failureMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? UNAVAILABLE;
}

/**
 * "Baixar PDF": the report streamed by /bff/verifications/:id/pdf (the token stays on the server),
 * saved under the name the BFF gives. Only once the verification is terminal; failures are toasts.
 * It always downloads the case on screen, whose name it carries (issue 28, item 4).
 */
export function DownloadPdfButton({ id, name, status }: { id: string; name: string; status: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const ready = isTerminalStatus(status);

  async function download() {
    setBusy(true);
    try {
      const response = await fetch(`/bff/verifications/${encodeURIComponent(id)}/pdf`, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) {
        toast.show({ kind: "error", message: `PDF não baixado. ${await failureMessage(response)}` });
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = `verificacao-${id}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      toast.show({ kind: "error", message: "PDF não baixado. Sem conexão com o console. Verifique sua rede e tente novamente." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
      {!ready ? (
        <span id="pdf-unavailable" data-testid="pdf-unavailable" className="text-xs text-zinc-600">
          O PDF fica disponível quando a verificação terminar.
        </span>
      ) : null}
      <Button
        data-testid="download-pdf"
        data-case={id}
        title={`Baixar o PDF de ${name}`}
        disabled={!ready || busy}
        aria-describedby={!ready ? "pdf-unavailable" : undefined}
        aria-busy={busy || undefined}
        onClick={() => void download()}
      >
        {busy ? <Spinner /> : null}
        Baixar PDF
        {/* which case: the one on screen, named for screen readers and on hover */}
        <span className="sr-only"> de {name}</span>
      </Button>
    </div>
  );
}
