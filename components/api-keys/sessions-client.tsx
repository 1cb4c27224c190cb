"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toaster";
import type { ActiveSession, ActiveSessionList } from "@/lib/contract/api-keys";
import { formatDateTime } from "@/lib/contract/format/date";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";

// /sessions ("Sessões ativas", from the user menu; issue 34, item 5): the signed-in person's live
// sessions (device, address, started, last seen) and ending any but the current one (that one ends
// with "Sair").

const KEYS = ["sessions", "mine"] as const;

export function SessionsClient() {
  const query = useQuery({ queryKey: KEYS, queryFn: ({ signal }) => bffFetch<ActiveSessionList>("/bff/sessions", signal) });
  const [ending, setEnding] = useState<ActiveSession | null>(null);
  return (
    <section aria-labelledby="sessions-title" className="rounded-lg border border-zinc-200 bg-white">
      <div className="border-b border-zinc-200 px-4 py-3">
        <h2 id="sessions-title" className="text-sm font-semibold text-zinc-900">
          Onde sua conta está conectada
        </h2>
        <p className="mt-0.5 text-xs text-zinc-600">
          Aparelho e endereço são os da entrada; “visto por último” é a renovação mais recente (a cada 15 minutos de uso).
        </p>
      </div>
      <QueryState
        query={query}
        testId="sessions"
        loadingLabel="Carregando as sessões"
        errorTitle="Não foi possível carregar as sessões"
        isEmpty={(data) => data.sessions.length === 0}
        emptyTitle="Nenhuma sessão ativa"
        emptyDescription="Entre novamente para ver esta sessão aqui."
        skeletonClassName="h-12"
      >
        {(data) => (
          <ul data-testid="sessions-list" className="divide-y divide-zinc-100">
            {data.sessions.map((s) => (
              <li
                key={s.id}
                data-testid="session-row"
                data-session-id={s.id}
                data-current={s.current}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-zinc-900" data-testid="session-device">
                      {s.device}
                    </span>
                    {s.current ? <Badge tone="success">Esta sessão</Badge> : null}
                  </div>
                  <div className="mt-0.5 text-xs text-zinc-600">
                    <span data-testid="session-ip">{s.ip ?? "endereço desconhecido"}</span> · entrou{" "}
                    <span title={formatDateTime(s.startedAt)}>{formatDateTime(s.startedAt)}</span> · visto por último{" "}
                    <RelativeTime value={s.lastSeenAt} />
                  </div>
                </div>
                {s.current ? (
                  <span className="text-xs text-zinc-500">Para encerrar esta, use Sair.</span>
                ) : (
                  <Button
                    size="sm"
                    data-testid="session-end"
                    aria-label={`Encerrar a sessão ${s.device}, ${s.ip ?? ""}`}
                    onClick={() => setEnding(s)}
                  >
                    Encerrar
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <EndDialog session={ending} onClose={() => setEnding(null)} />
    </section>
  );
}

function EndDialog({ session, onClose }: { session: ActiveSession | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const end = useMutation({
    mutationFn: (id: string) => bffSend<void>(`/bff/sessions/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.show({ kind: "success", message: "Sessão encerrada. Quem a usava precisa entrar de novo." });
      onClose();
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
    onError: (error) => {
      toast.show({ kind: "error", message: error.message });
      onClose();
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  return (
    <Dialog
      open={session !== null}
      onClose={onClose}
      testId="session-end-dialog"
      title="Encerrar esta sessão?"
      description={
        session ? `${session.device}${session.ip ? `, ${session.ip}` : ""}: quem a usa precisa entrar de novo em seguida.` : null
      }
    >
      <div className="flex justify-end gap-2">
        <Button data-autofocus onClick={onClose}>
          Cancelar
        </Button>
        <Button
          variant="primary"
          data-testid="session-end-confirm"
          disabled={end.isPending}
          onClick={() => session && end.mutate(session.id)}
        >
          {end.isPending ? "Encerrando…" : "Encerrar"}
        </Button>
      </div>
    </Dialog>
  );
}
