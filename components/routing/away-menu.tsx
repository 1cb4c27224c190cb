"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import type { MemberRouting } from "@/lib/contract/routing";
import { bffSend } from "@/lib/query/bff-send";
import { membersQuery } from "@/lib/query/review-queries";
import { dayLabel } from "./analysts-table";
import { routingKeys, routingMembersQuery } from "./routing-queries";

// The user menu's "Ausente até…" (issue 35 item 5): the analyst's own absence, a day (inclusive),
// and "Voltar agora" to clear it. Routing gives an absent analyst nothing (docs/routing.md).
// A disclosure: the button opens a small panel; Esc closes it and gives focus back.

export function AwayMenu() {
  const members = useQuery(membersQuery());
  const routing = useQuery(routingMembersQuery());
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const me = members.data?.members.find((m) => m.me);
  const mine = routing.data?.members.find((m) => m.userId === me?.id);
  useEffect(() => {
    if (open) setDay(mine?.awayUntil ?? "");
  }, [open, mine?.awayUntil]);
  const save = useMutation({
    mutationFn: (awayUntil: string | null) =>
      bffSend<MemberRouting>(`/bff/review/members/${me!.id}/routing`, { method: "PUT", body: { cap: mine?.cap ?? null, awayUntil } }),
    onSuccess: () => {
      setProblem(null);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: routingKeys.members });
      button.current?.focus();
    },
    onError: (error) => setProblem(error.message),
  });
  if (!me) return null;
  const label = mine?.away && mine.awayUntil ? `Ausente até ${dayLabel(mine.awayUntil)}` : "Ausente até…";
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        data-testid="away-menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={`${buttonClass("secondary", "sm")} whitespace-nowrap`}
      >
        {label}
      </button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label="Ausência"
          data-testid="away-panel"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              setOpen(false);
              button.current?.focus();
            }
          }}
          className="absolute right-0 z-40 mt-2 w-64 max-w-[calc(100vw-2rem)] space-y-2 rounded-lg bg-white p-3 shadow-lg ring-1 ring-zinc-200"
        >
          <label htmlFor={`${panelId}-day`} className="block text-xs font-medium text-zinc-600">
            Não receber casos até (inclusive)
          </label>
          <input
            id={`${panelId}-day`}
            data-testid="away-day"
            type="date"
            value={day}
            autoFocus
            onChange={(e) => setDay(e.target.value)}
            className="h-9 w-full rounded-md px-2.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
          {problem ? (
            <p role="alert" className="text-xs text-rose-700">
              {problem}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button size="sm" data-testid="away-clear" disabled={save.isPending || !mine?.awayUntil} onClick={() => save.mutate(null)}>
              Voltar agora
            </Button>
            <Button size="sm" variant="primary" data-testid="away-save" disabled={save.isPending || !day} onClick={() => save.mutate(day)}>
              Salvar
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
