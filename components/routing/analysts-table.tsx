"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toaster";
import type { Member } from "@/lib/contract/review";
import type { MemberRouting } from "@/lib/contract/routing";
import { bffSend } from "@/lib/query/bff-send";
import { inputClass } from "./rules-editor";
import { routingKeys } from "./routing-queries";

// The analysts with their caps and absences (admins edit anyone's): one row each, saved alone.

export const dayLabel = (day: string) => day.split("-").reverse().join("/");

function AnalystRow({ member, routing }: { member: Member; routing: MemberRouting | undefined }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [cap, setCap] = useState(routing?.cap === null || routing?.cap === undefined ? "" : String(routing.cap));
  const [away, setAway] = useState(routing?.awayUntil ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      bffSend<MemberRouting>(`/bff/review/members/${member.id}/routing`, {
        method: "PUT",
        body: { cap: cap.trim() === "" ? null : Number(cap), awayUntil: away || null },
      }),
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: routingKeys.members });
      toast.show({ kind: "success", message: `Distribuição de ${member.name || member.email} salva.` });
    },
    onError: (error) => setProblem(error.message),
  });
  const id = `routing-member-${member.id}`;
  const who = member.name || member.email;
  return (
    <li data-testid="routing-member" className="flex flex-wrap items-end gap-3 px-4 py-3">
      <div className="min-w-40 flex-1">
        <div className="truncate text-sm font-medium text-zinc-900" title={member.email}>
          {who}
        </div>
        <div className="text-xs text-zinc-600">
          {routing ? `${routing.openCases} ${routing.openCases === 1 ? "caso aberto" : "casos abertos"}` : "…"}
          {routing?.away && routing.awayUntil ? (
            <span data-testid="routing-member-away" className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-amber-900">
              Ausente até {dayLabel(routing.awayUntil)}
            </span>
          ) : null}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-cap`} className="mb-1 block text-xs font-medium text-zinc-600">
          Limite de casos abertos
        </label>
        <input
          id={`${id}-cap`}
          data-testid="routing-member-cap"
          inputMode="numeric"
          placeholder="Sem limite"
          value={cap}
          onChange={(e) => setCap(e.target.value)}
          className={`${inputClass} tabular w-28`}
        />
      </div>
      <div>
        <label htmlFor={`${id}-away`} className="mb-1 block text-xs font-medium text-zinc-600">
          Ausente até
        </label>
        <input
          id={`${id}-away`}
          data-testid="routing-member-away-input"
          type="date"
          value={away}
          onChange={(e) => setAway(e.target.value)}
          className={`${inputClass} w-40`}
        />
      </div>
      <Button
        size="sm"
        data-testid="routing-member-save"
        aria-label={`Salvar limite e ausência de ${who}`}
        disabled={save.isPending}
        onClick={() => {
          if (cap.trim() !== "" && (!/^\d+$/.test(cap.trim()) || Number(cap) > 1000)) {
            setProblem("O limite é um número de 0 a 1000, ou vazio para nenhum.");
            return;
          }
          save.mutate();
        }}
      >
        Salvar
      </Button>
      {problem ? (
        <p role="alert" className="w-full text-sm text-rose-700">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

export function AnalystsTable({ members, routing }: { members: Member[]; routing: MemberRouting[] }) {
  if (members.length === 0) return <p className="px-4 py-3 text-sm text-zinc-600">Nenhum admin ou analista ativo neste workspace.</p>;
  const byId = new Map(routing.map((r) => [r.userId, r]));
  return (
    <ul className="divide-y divide-zinc-100" data-testid="routing-members">
      {members.map((m) => (
        <AnalystRow key={`${m.id}:${byId.get(m.id)?.cap ?? ""}:${byId.get(m.id)?.awayUntil ?? ""}`} member={m} routing={byId.get(m.id)} />
      ))}
    </ul>
  );
}
