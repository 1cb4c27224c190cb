"use client";

import { useEffect, useRef, useState } from "react";
import { bffFetch } from "@/lib/query/bff-fetch";
import type { useInvestigation } from "./use-investigation";
import type { SnapshotBody } from "./types";

// Where the page starts, from its URL: a snapshot saved on a case (`?case=&snapshot=`, as saved)
// or a node (`?node=`, expanded by one level). Once per URL.

interface SavedSnapshot extends SnapshotBody {
  id: string;
  title: string;
  createdAt: string;
  createdBy: { email: string | null };
}

export interface SnapshotInfo {
  title: string;
  createdAt: string;
  by: string | null;
}

export function useStartFromUrl({
  params,
  inv,
  limit,
  onStart,
}: {
  params: { node: string | null; caseId: string | null; snapshot: string | null };
  inv: Pick<ReturnType<typeof useInvestigation>, "expand" | "loadSnapshot">;
  limit: number;
  /** The start node: the root of "Caminho até…", selected when the page expanded it. */
  onStart: (id: string | null, select: boolean) => void;
}) {
  const [snapshotInfo, setSnapshotInfo] = useState<SnapshotInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const { node, caseId, snapshot } = params;

  useEffect(() => {
    const key = `${node}|${caseId}|${snapshot}`;
    if (started.current === key) return;
    started.current = key;
    setLoadError(null);
    if (snapshot && caseId) {
      bffFetch<SavedSnapshot>(`/bff/graph/cases/${encodeURIComponent(caseId)}/snapshots/${encodeURIComponent(snapshot)}`)
        .then((s) => {
          inv.loadSnapshot(s);
          setSnapshotInfo({ title: s.title, createdAt: s.createdAt, by: s.createdBy?.email ?? null });
          onStart(s.nodes[0]?.id ?? null, false);
        })
        .catch((e: Error) => setLoadError(e.message));
      return;
    }
    if (node)
      void inv.expand(node, 1, limit).then((id) => {
        if (id) onStart(id, true);
      });
    // the start runs once per URL (inv's acts are stable; limit is read as it was then)
  }, [node, caseId, snapshot]);

  return { snapshotInfo, setSnapshotInfo, loadError };
}
