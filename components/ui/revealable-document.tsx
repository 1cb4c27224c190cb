"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useToast } from "@/components/ui/toaster";
import { EyeIcon, EyeOffIcon } from "@/components/ui/icons";
import { bffSend } from "@/lib/query/bff-send";
import type { DocumentView } from "@/lib/verifications/view-models";
import { cn } from "@/lib/utils/cn";

/**
 * A document masked as the BFF sends it, with "Mostrar documento completo": a POST to `revealPath`
 * (the BFF asks the review API, which records who saw it) answers the formatted full document;
 * hiding it again forgets it. Used by the case header and the enrichment page.
 */
export function RevealableDocument({
  document,
  revealPath,
  testId,
  onRevealed,
  className,
  as: Text = "span",
  id,
}: {
  document: DocumentView;
  revealPath: string;
  /** data-testid of the document's text. */
  testId: string;
  /** After a reveal (the case page reloads its timeline). */
  onRevealed?: () => void;
  /** Classes of the document's text. */
  className?: string;
  /** The element of the document's text: the enrichment page's title is the document (an h1). */
  as?: "span" | "h1";
  id?: string;
}) {
  const [full, setFull] = useState<string | null>(null);
  const revealed = full !== null;
  const toast = useToast();
  const reveal = useMutation({
    mutationFn: () => bffSend<{ formatted: string }>(revealPath, { method: "POST" }),
    onSuccess: (answer) => {
      setFull(answer.formatted);
      onRevealed?.();
    },
    onError: (error) => toast.show({ kind: "error", message: `Não foi possível mostrar o documento. ${error.message}` }),
  });
  const Wrapper = Text === "span" ? "span" : "div";
  return (
    <Wrapper className="inline-flex items-center gap-1.5">
      {document.kind ? (
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-zinc-600">{document.kind}</span>
      ) : null}
      <Text id={id} data-testid={testId} data-revealed={revealed} className={cn("tabular font-mono text-[13px] text-zinc-800", className)}>
        {full ?? document.masked}
      </Text>
      <button
        type="button"
        data-testid="document-reveal"
        aria-pressed={revealed}
        aria-label={revealed ? "Ocultar documento" : "Mostrar documento completo"}
        title={revealed ? "Ocultar documento" : "Mostrar documento completo"}
        disabled={reveal.isPending}
        onClick={() => (revealed ? setFull(null) : reveal.mutate())}
        className="rounded p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700"
      >
        {revealed ? <EyeOffIcon className="size-3.5" /> : <EyeIcon className="size-3.5" />}
      </button>
    </Wrapper>
  );
}
