"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toaster";
import { bffSend } from "@/lib/query/bff-send";
import type { SnapshotBody } from "./types";

// "Salvar no caso": the graph as shown (nodes, edges, positions, releases) stored on a case; it
// appears in the case's timeline and reopens as saved (/investigate?case=&snapshot=). The case is
// the one the page was opened from, else one of the start node's cases.

export function SaveToCase({
  caseIds,
  disabled,
  snapshot,
  onSaved,
}: {
  caseIds: string[];
  disabled: boolean;
  snapshot: () => SnapshotBody;
  onSaved: (caseId: string, snapshotId: string) => void;
}) {
  const toast = useToast();
  const [caseId, setCaseId] = useState(caseIds[0] ?? "");
  const [saving, setSaving] = useState(false);
  const chosen = caseIds.includes(caseId) ? caseId : (caseIds[0] ?? "");
  if (caseIds.length === 0)
    return (
      <p className="text-xs text-zinc-600" data-testid="investigate-save-none">
        Para salvar, abra a investigação a partir de um caso.
      </p>
    );
  const save = async () => {
    setSaving(true);
    try {
      const saved = await bffSend<{ id: string }>(`/bff/graph/cases/${chosen}/snapshots`, { method: "POST", body: snapshot() });
      toast.show({
        kind: "success",
        message: "Grafo salvo no caso. Ele aparece na linha do tempo do caso e reabre como foi salvo.",
      });
      onSaved(chosen, saved.id);
    } catch (e) {
      toast.show({ kind: "error", message: (e as Error).message });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex items-end gap-2">
      {caseIds.length > 1 ? (
        <div>
          <label htmlFor="investigate-save-case" className="block text-xs font-medium text-zinc-600">
            Caso
          </label>
          <select
            id="investigate-save-case"
            value={chosen}
            onChange={(e) => setCaseId(e.target.value)}
            className="h-9 rounded-md border border-zinc-300 px-2 text-sm"
          >
            {caseIds.map((id) => (
              <option key={id} value={id}>
                Caso {id.slice(0, 8)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <Link href={`/verifications/${chosen}`} className="self-center text-xs text-brand-700 hover:underline">
          Caso {chosen.slice(0, 8)}
        </Link>
      )}
      <Button variant="primary" disabled={disabled || saving} onClick={save} data-testid="investigate-save">
        {saving ? "Salvando…" : "Salvar no caso"}
      </Button>
    </div>
  );
}
