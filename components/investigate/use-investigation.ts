"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { bffFetch } from "@/lib/query/bff-fetch";
import { emptyState, fromSnapshot, mergeAnswer, neighboursOf, toggle, type InvState } from "./graph-state";
import { createProgressStore } from "./layout-progress";
import { createLayoutRunner, LayoutCancelled, type LayoutRunner, type LayoutThread } from "./layout-runner";
import type { ExpandAnswer, PathAnswer, Position, SnapshotBody } from "./types";

// The page's state and its acts: expand (merge the answer, then lay out), find paths (merge and
// highlight), load a snapshot (positions as saved, no layout), pin, hide, select neighbours. The
// layout runs in a worker (layout-runner.ts): the page stays usable while busy is "layout".

export type Busy = null | "expand" | "path" | "layout" | "snapshot";

export interface PathResult {
  to: string;
  answer: PathAnswer;
}

export function useInvestigation() {
  const [state, setState] = useState<InvState>(emptyState);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [paths, setPaths] = useState<PathResult | null>(null);
  const [neighbourhood, setNeighbourhood] = useState<string | null>(null);
  const [lastLimit, setLastLimit] = useState<number | undefined>(undefined);
  const [layoutMs, setLayoutMs] = useState<number | null>(null);
  const [layoutRun, setLayoutRun] = useState<{ thread: LayoutThread; computeMs: number } | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  // one runner per page: its worker lives as long as the page, a new layout stops the previous one
  const runner = useRef<LayoutRunner | null>(null);
  const [progress] = useState(createProgressStore);
  useEffect(() => {
    // the worker starts with the page: a first layout does not wait for its scripts
    runner.current ??= createLayoutRunner();
    runner.current.warm();
    return () => {
      runner.current?.dispose();
      runner.current = null;
    };
  }, []);

  const layOut = useCallback(
    (next: InvState) => {
      setBusy("layout");
      setState(next);
      progress.set(0);
      runner.current ??= createLayoutRunner();
      const started = performance.now();
      const ids = [...next.nodes.keys()].filter((id) => !next.hidden.has(id));
      const edges = [...next.edges.values()].map((e) => ({ source: e.source, target: e.target }));
      runner.current
        .run({ ids, edges, start: next.positions, pinned: next.pinned }, (done, total) => progress.set(done / total))
        .then(
          ({ positions, thread, computeMs }) => {
            for (const [id, p] of next.positions) if (!positions.has(id)) positions.set(id, p);
            setLayoutMs(Math.round(performance.now() - started));
            setLayoutRun({ thread, computeMs: Math.round(computeMs) });
            setState((current) => {
              if (current.nodes !== next.nodes) return current;
              // a node dragged or pinned while the layout ran stays where the investigator left it
              for (const id of current.pinned) {
                const p = current.positions.get(id);
                if (!next.pinned.has(id) && p) positions.set(id, p);
              }
              return { ...current, positions };
            });
            setBusy(null);
          },
          (e: Error) => {
            // superseded by a newer layout, which now owns the busy state
            if (e instanceof LayoutCancelled) return;
            setError(`Não foi possível organizar o grafo: ${e.message}`);
            setBusy(null);
          },
        );
    },
    [progress],
  );

  const expand = useCallback(
    async (node: string, depth: 1 | 2 | 3, limit: number) => {
      setBusy("expand");
      setError(null);
      try {
        const answer = await bffFetch<ExpandAnswer>(`/bff/graph/expand?node=${encodeURIComponent(node)}&depth=${depth}&limit=${limit}`);
        setLastLimit(limit);
        layOut(mergeAnswer(stateRef.current, answer, node));
        return answer.nodes[0]?.id ?? node;
      } catch (e) {
        setError((e as Error).message);
        setBusy(null);
        return null;
      }
    },
    [layOut],
  );

  const findPaths = useCallback(
    async (from: string, to: string, maxDepth: number, k: number) => {
      setBusy("path");
      setError(null);
      try {
        const answer = await bffFetch<PathAnswer>(
          `/bff/graph/path?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&maxDepth=${maxDepth}&k=${k}`,
        );
        setPaths({ to, answer });
        setNeighbourhood(null);
        const nodes = answer.paths.flatMap((p) => p.nodes);
        const edges = answer.paths.flatMap((p) => p.edges);
        if (nodes.length === 0) {
          setBusy(null);
          return answer;
        }
        const merged = mergeAnswer(stateRef.current, { nodes, edges, releases: answer.releases }, from);
        layOut({ ...merged, omitted: stateRef.current.omitted, truncated: stateRef.current.truncated });
        return answer;
      } catch (e) {
        setError((e as Error).message);
        setBusy(null);
        return null;
      }
    },
    [layOut],
  );

  /** A saved or exported graph: as it was, or laid out when it came without positions (a JSON made elsewhere). */
  const loadSnapshot = useCallback(
    (body: SnapshotBody) => {
      const next = fromSnapshot(body);
      setPaths(null);
      setNeighbourhood(null);
      if (body.nodes.some((n) => !body.positions[n.id])) layOut(next);
      else setState(next);
    },
    [layOut],
  );

  const highlight = useMemo(() => {
    if (paths && paths.answer.paths.length > 0)
      return {
        nodes: new Set(paths.answer.paths.flatMap((p) => p.nodes.map((n) => n.id))),
        edges: new Set(paths.answer.paths.flatMap((p) => p.edges.map((e) => e.id))),
      };
    if (neighbourhood) {
      const ids = new Set([neighbourhood, ...neighboursOf(state, neighbourhood)]);
      const edges = new Set(
        [...state.edges.values()].filter((e) => e.source === neighbourhood || e.target === neighbourhood).map((e) => e.id),
      );
      return { nodes: ids, edges };
    }
    return { nodes: new Set<string>(), edges: new Set<string>() };
  }, [paths, neighbourhood, state]);

  return {
    state,
    busy,
    error,
    setError,
    paths,
    clearHighlight: () => {
      setPaths(null);
      setNeighbourhood(null);
    },
    highlight,
    lastLimit,
    layoutMs,
    /** Where the last layout ran and its own time (layoutMs is the wait the page saw). */
    layoutRun,
    layoutProgress: progress,
    expand,
    findPaths,
    loadSnapshot,
    selectNeighbours: (id: string) => {
      setPaths(null);
      setNeighbourhood(id);
    },
    togglePin: (id: string) => setState((s) => ({ ...s, pinned: toggle(s.pinned, id) })),
    hide: (id: string) => setState((s) => ({ ...s, hidden: new Set(s.hidden).add(id) })),
    showAll: () => setState((s) => ({ ...s, hidden: new Set() })),
    move: (id: string, p: Position) =>
      setState((s) => ({ ...s, positions: new Map(s.positions).set(id, p), pinned: new Set(s.pinned).add(id) })),
  };
}
