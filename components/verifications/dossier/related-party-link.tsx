"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useCan } from "@/components/auth/role-context";
import { Spinner } from "@/components/ui/spinner";
import { bffFetch, isBffError } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import type { RelatedPartyView } from "@/lib/verifications/to-dossier";

// A related party's name in the dossier: it opens that party's case when the workspace has one;
// otherwise it says so and offers to start a verification or an enrichment of the document (roles
// that may). The console's server looks the document up by the party's key: the browser never
// holds it.

type State =
  | { kind: "idle" }
  | { kind: "looking" }
  | { kind: "none" }
  | { kind: "starting"; what: "verification" | "enrichment" }
  | { kind: "error"; message: string };

const buttonClass =
  "rounded-md bg-white px-2.5 py-1 text-xs font-medium text-zinc-800 shadow-xs ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 disabled:text-zinc-400";

export function RelatedPartyLink({ caseId, party }: { caseId: string; party: RelatedPartyView }) {
  const router = useRouter();
  const canVerify = useCan("verifications:write");
  const canEnrich = useCan("enrichments:write");
  const [state, setState] = useState<State>({ kind: "idle" });
  const panelId = useId();
  const base = `/bff/verifications/${encodeURIComponent(caseId)}/related/${encodeURIComponent(party.key)}`;
  const name = party.name ?? "Nome não informado";

  const open = async () => {
    if (state.kind === "none" || state.kind === "error") return setState({ kind: "idle" });
    setState({ kind: "looking" });
    try {
      const found = await bffFetch<{ verificationId: string | null }>(base);
      if (found.verificationId) router.push(`/verifications/${found.verificationId}`);
      else setState({ kind: "none" });
    } catch (error) {
      setState({ kind: "error", message: isBffError(error) ? error.message : "Não foi possível consultar." });
    }
  };

  const start = async (what: "verification" | "enrichment") => {
    setState({ kind: "starting", what });
    try {
      const created = await bffSend<{ kind: string; id: string }>(base, {
        method: "POST",
        body: { kind: what, submissionKey: crypto.randomUUID() },
      });
      router.push(what === "verification" ? `/verifications/${created.id}` : `/enrichments/${created.id}`);
    } catch (error) {
      setState({ kind: "error", message: isBffError(error) ? error.message : "Não foi possível iniciar." });
    }
  };

  if (!party.lookup) return <span className="font-medium break-words text-zinc-900">{name}</span>;
  const expanded = state.kind === "none" || state.kind === "starting" || state.kind === "error";
  return (
    <>
      <button
        type="button"
        data-testid="related-party-open"
        aria-expanded={expanded}
        aria-controls={expanded ? panelId : undefined}
        title="Abrir o caso deste documento"
        onClick={() => void open()}
        className="text-left font-medium break-words text-brand-700 hover:underline"
      >
        {name}
        {state.kind === "looking" ? <Spinner className="ml-1.5 inline size-3" /> : null}
      </button>
      {expanded ? (
        <div
          id={panelId}
          data-testid="related-party-panel"
          className="mt-1.5 basis-full rounded-md bg-zinc-50 px-3 py-2 text-xs text-zinc-700"
        >
          {state.kind === "error" ? (
            <p role="alert">{state.message}</p>
          ) : (
            <>
              <p>Nenhuma verificação deste documento neste workspace.</p>
              {canVerify || canEnrich ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {canVerify ? (
                    <button
                      type="button"
                      className={buttonClass}
                      data-testid="related-start-verification"
                      disabled={state.kind === "starting"}
                      onClick={() => void start("verification")}
                    >
                      {state.kind === "starting" && state.what === "verification" ? "Iniciando…" : "Iniciar verificação"}
                    </button>
                  ) : null}
                  {canEnrich ? (
                    <button
                      type="button"
                      className={buttonClass}
                      data-testid="related-start-enrichment"
                      disabled={state.kind === "starting"}
                      onClick={() => void start("enrichment")}
                    >
                      {state.kind === "starting" && state.what === "enrichment" ? "Iniciando…" : "Iniciar enriquecimento"}
                    </button>
                  ) : null}
                </div>
              ) : (
                <p className="mt-1 text-zinc-600">
                  Seu papel não inicia verificações. Veja as existentes em{" "}
                  <Link href="/verifications" className="text-brand-700 hover:underline">
                    Verificações
                  </Link>
                  .
                </p>
              )}
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
