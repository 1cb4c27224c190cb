"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSignedInUser } from "@/components/auth/role-context";
import { AlertIcon } from "@/components/ui/icons";
import { caseAlertsQuery } from "@/lib/query/monitoring-queries";
import { AlertItem } from "./alert-item";
import { ResolveAlertDialog } from "./resolve-alert-dialog";
import { useAssignAlert, useResolveAlert } from "./use-alert-actions";

// The case page's open monitoring alerts (issue 32 item 6), at the top: what changed, with
// "Confirmar risco" and "Descartar" for admins and analysts. Nothing when the case has none (or
// while they load: the dossier is what the page is for); a failure says so in one line.

export function CaseAlerts({ id, canAct }: { id: string; canAct: boolean }) {
  const query = useQuery(caseAlertsQuery(id));
  const me = useSignedInUser();
  const resolve = useResolveAlert();
  const assign = useAssignAlert();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  if (query.isError)
    return (
      <p
        role="status"
        data-testid="case-alerts-error"
        className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        Não foi possível verificar os alertas de monitoramento deste caso: {query.error.message}
      </p>
    );
  const alerts = query.data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="case-alerts-title" data-testid="case-alerts" className="rounded-lg border border-rose-300 bg-rose-50/60">
      <h2 id="case-alerts-title" className="flex items-center gap-2 px-4 pt-3 text-sm font-semibold text-rose-900">
        <AlertIcon className="size-4" aria-hidden="true" />
        {alerts.length === 1 ? "Alerta de monitoramento aberto" : `${alerts.length} alertas de monitoramento abertos`}
      </h2>
      <p className="px-4 pt-0.5 text-xs text-rose-900/80">
        {canAct
          ? "Algo mudou depois da decisão. Confirme o risco (o caso volta para a fila) ou descarte a mudança, com um comentário."
          : "Algo mudou depois da decisão. Um admin ou analista confirma o risco ou descarta a mudança."}
      </p>
      <ul className="divide-y divide-rose-200">
        {alerts.map((alert) => (
          <li key={alert.id}>
            <AlertItem
              alert={alert}
              now={now}
              showCase={false}
              actions={{
                canAct,
                me,
                busy: resolve.busy || assign.isPending,
                onResolve: resolve.start,
                onAssign: (a, to, takeOver) => assign.mutate({ alert: a, assign: to, takeOver }),
              }}
            />
          </li>
        ))}
      </ul>
      <ResolveAlertDialog {...resolve.dialog} />
    </section>
  );
}
