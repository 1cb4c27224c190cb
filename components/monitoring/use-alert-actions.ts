"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useToast } from "@/components/ui/toaster";
import type { Alert } from "@/lib/contract/monitoring";
import { bffSend } from "@/lib/query/bff-send";
import { decisionKeys } from "@/lib/query/decision-queries";
import { monitoringKeys } from "@/lib/query/monitoring-queries";
import { reviewKeys } from "@/lib/query/review-queries";
import { verificationKeys } from "@/lib/query/verification-queries";
import { RESOLUTION_WORDING } from "@/lib/monitoring/wording";

// An alert's actions from the browser (the queue and the case page): assign and resolve. After
// either, every monitoring query refetches (the queue, the case's alerts, the navigation's count)
// and, after a resolve, the case itself: a confirmed risk puts it back in the queue (its flag
// alert_confirmed, its decision cleared), so its review state, decisions and timeline change.

function useAfter() {
  const client = useQueryClient();
  return (caseId: string) => {
    void client.invalidateQueries({ queryKey: monitoringKeys.all });
    void client.invalidateQueries({ queryKey: reviewKeys.case(caseId) });
    void client.invalidateQueries({ queryKey: reviewKeys.eventsOf(caseId) });
    void client.invalidateQueries({ queryKey: decisionKeys.history(caseId) });
    void client.invalidateQueries({ queryKey: verificationKeys.detail(caseId) });
    void client.invalidateQueries({ queryKey: ["verifications", "list"] });
    void client.invalidateQueries({ queryKey: ["verifications", "queue"] });
  };
}

type Resolution = "confirmed" | "dismissed";

function useResolveMutation() {
  const toast = useToast();
  const after = useAfter();
  return useMutation({
    mutationFn: ({ alert, resolution, comment }: { alert: Alert; resolution: Resolution; comment: string }) =>
      bffSend<Alert>(`/bff/monitoring/alerts/${alert.id}/resolve`, { method: "POST", body: { resolution, comment } }),
    onSuccess: (_alert, { resolution }) => toast.show({ kind: "success", message: RESOLUTION_WORDING[resolution].done }),
    onError: (error) => toast.show({ kind: "error", message: error.message }),
    onSettled: (_data, _error, { alert }) => after(alert.caseId),
  });
}

/**
 * Resolving an alert, as the queue and the case page both do: `start(alert, resolution)` opens the
 * comment's dialog (`<ResolveAlertDialog {...resolve.dialog} />`), whose confirmation sends it and
 * closes once the service has recorded it (a failure keeps the dialog and its comment, and toasts).
 */
export function useResolveAlert() {
  const mutation = useResolveMutation();
  const [resolving, setResolving] = useState<{ alert: Alert; resolution: Resolution } | null>(null);
  return {
    busy: mutation.isPending,
    start: (alert: Alert, resolution: Resolution) => setResolving({ alert, resolution }),
    dialog: {
      resolution: resolving?.resolution ?? null,
      busy: mutation.isPending,
      onCancel: () => setResolving(null),
      onConfirm: (comment: string) => {
        if (resolving) mutation.mutate({ ...resolving, comment }, { onSuccess: () => setResolving(null) });
      },
    },
  };
}

export function useAssignAlert() {
  const toast = useToast();
  const after = useAfter();
  return useMutation({
    mutationFn: ({ alert, assign, takeOver }: { alert: Alert; assign: "me" | null; takeOver?: boolean }) =>
      bffSend<Alert>(`/bff/monitoring/alerts/${alert.id}/assignee`, { method: "PUT", body: { assign, ...(takeOver ? { takeOver } : {}) } }),
    onSuccess: (_alert, { assign }) =>
      toast.show({ kind: "success", message: assign === "me" ? "Alerta atribuído a você." : "Alerta liberado: fica sem responsável." }),
    onError: (error) => toast.show({ kind: "error", message: error.message }),
    onSettled: (_data, _error, { alert }) => after(alert.caseId),
  });
}
