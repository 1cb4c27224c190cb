"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { MemberRouting } from "@/lib/contract/routing";
import { bffSend } from "@/lib/query/bff-send";
import { membersQuery } from "@/lib/query/review-queries";
import { dayLabel } from "./analysts-table";
import { routingKeys, routingMembersQuery } from "./routing-queries";

// "Ausente até…" of the user menu (issue 35 item 5): the analyst's own absence, a day (inclusive),
// and "Voltar agora" to clear it. Routing gives an absent analyst nothing (docs/routing.md).

/** The signed-in person's absence: null until the members' list says who they are (or never, for a viewer). */
export function useMyAbsence(enabled: boolean) {
  const members = useQuery({ ...membersQuery(), enabled });
  const routing = useQuery({ ...routingMembersQuery(), enabled });
  const me = members.data?.members.find((m) => m.me);
  if (!me) return null;
  const mine = routing.data?.members.find((m) => m.userId === me.id);
  const until = mine?.away && mine.awayUntil ? mine.awayUntil : null;
  return {
    userId: me.id,
    cap: mine?.cap ?? null,
    awayUntil: mine?.awayUntil ?? null,
    /** The day (inclusive) the person is away through, when away today. */
    until,
    /** "Ausente até 15/01/2099", or "Ausente até…" when present. */
    label: until ? `Ausente até ${dayLabel(until)}` : "Ausente até…",
  };
}

export type MyAbsence = NonNullable<ReturnType<typeof useMyAbsence>>;

export function AwayDialog({ open, onClose, absence }: { open: boolean; onClose: () => void; absence: MyAbsence }) {
  const queryClient = useQueryClient();
  const [day, setDay] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  useEffect(() => {
    if (open) {
      setDay(absence.awayUntil ?? "");
      setProblem(null);
    }
  }, [open, absence.awayUntil]);
  const save = useMutation({
    mutationFn: (awayUntil: string | null) =>
      bffSend<MemberRouting>(`/bff/review/members/${absence.userId}/routing`, { method: "PUT", body: { cap: absence.cap, awayUntil } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: routingKeys.members });
      onClose();
    },
    onError: (error) => setProblem(error.message),
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Ausente até…"
      testId="away-dialog"
      description="Enquanto estiver ausente, a distribuição não envia casos para você."
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (day) save.mutate(day);
        }}
      >
        <div>
          <label htmlFor={inputId} className="block text-xs font-medium text-zinc-600">
            Não receber casos até (inclusive)
          </label>
          <input
            id={inputId}
            data-testid="away-day"
            data-autofocus
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            className="mt-1 h-9 w-full rounded-md px-2.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
        </div>
        {problem ? (
          <p role="alert" className="text-xs text-rose-700">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
          <Button size="sm" data-testid="away-clear" disabled={save.isPending || !absence.awayUntil} onClick={() => save.mutate(null)}>
            Voltar agora
          </Button>
          <Button size="sm" type="submit" variant="primary" data-testid="away-save" disabled={save.isPending || !day}>
            Salvar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
