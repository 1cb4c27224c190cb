"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toaster";
import type { EndedSessions } from "@/lib/contract/api-keys";
import { bffSend } from "@/lib/query/bff-send";
import { peopleQuery, type PersonEntry } from "@/lib/query/review-queries";

// /settings/members (admins; issue 34, item 5): the workspace's people, each with "Encerrar
// sessões", which signs the person out everywhere (a lost laptop, someone leaving the team).

export function MembersSessionsClient({ me }: { me: string }) {
  const people = useQuery(peopleQuery());
  const [target, setTarget] = useState<PersonEntry | null>(null);
  return (
    <section aria-labelledby="members-title" className="rounded-lg border border-zinc-200 bg-white">
      <div className="border-b border-zinc-200 px-4 py-3">
        <h2 id="members-title" className="text-sm font-semibold text-zinc-900">
          Pessoas do workspace
        </h2>
        <p className="mt-0.5 text-xs text-zinc-600">
          Encerrar as sessões de alguém obriga a pessoa a entrar de novo em todos os aparelhos.
        </p>
      </div>
      <QueryState
        query={people}
        testId="members"
        loadingLabel="Carregando as pessoas"
        errorTitle="Não foi possível carregar as pessoas"
        isEmpty={(data) => data.people.length === 0}
        emptyTitle="Ninguém neste workspace"
      >
        {(data) => (
          <ul className="divide-y divide-zinc-100" data-testid="members-list">
            {data.people.map((p) => (
              <li key={p.id} data-testid="member-row" className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <div className="font-medium text-zinc-900">{p.name}</div>
                  <div className="text-xs break-all text-zinc-600">{p.email}</div>
                </div>
                <Button
                  size="sm"
                  data-testid="member-end-sessions"
                  aria-label={`Encerrar sessões de ${p.name}`}
                  onClick={() => setTarget(p)}
                >
                  Encerrar sessões
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <EndAllDialog person={target} me={me} onClose={() => setTarget(null)} />
    </section>
  );
}

function EndAllDialog({ person, me, onClose }: { person: PersonEntry | null; me: string; onClose: () => void }) {
  const toast = useToast();
  const end = useMutation({
    mutationFn: (id: string) => bffSend<EndedSessions>(`/bff/members/${id}/sessions`, { method: "DELETE" }),
    onSuccess: ({ ended }) => {
      toast.show({
        kind: "success",
        message: ended === 0 ? "Nenhuma sessão ativa para encerrar." : ended === 1 ? "1 sessão encerrada." : `${ended} sessões encerradas.`,
      });
      onClose();
      if (person?.email === me && ended > 0) window.location.assign("/login");
    },
    onError: (error) => {
      toast.show({ kind: "error", message: error.message });
      onClose();
    },
  });
  return (
    <Dialog
      open={person !== null}
      onClose={onClose}
      testId="member-end-dialog"
      title="Encerrar todas as sessões?"
      description={
        person
          ? person.email === me
            ? "São as suas: esta também termina e você volta para a tela de entrada."
            : `${person.name} precisará entrar de novo em todos os aparelhos.`
          : null
      }
    >
      <div className="flex justify-end gap-2">
        <Button data-autofocus onClick={onClose}>
          Cancelar
        </Button>
        <Button variant="primary" data-testid="member-end-confirm" disabled={end.isPending} onClick={() => person && end.mutate(person.id)}>
          {end.isPending ? "Encerrando…" : "Encerrar sessões"}
        </Button>
      </div>
    </Dialog>
  );
}
