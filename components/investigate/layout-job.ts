import { layoutPositions } from "./layout";
import type { InvEdge, Position } from "./types";

// What the page sends the layout worker and what it answers (structured clone: Maps and Sets go
// as they are). One function answers a request, in the worker (layout.worker.ts) and on the main
// thread where there is no worker (layout-runner.ts), so both give the same positions.

export interface LayoutJob {
  ids: string[];
  edges: Array<Pick<InvEdge, "source" | "target">>;
  start: Map<string, Position>;
  pinned: Set<string>;
  iterations?: number;
}

export interface LayoutRequest {
  id: number;
  job: LayoutJob;
}

export type LayoutReply =
  | { id: number; kind: "progress"; done: number; total: number }
  /** `ms`: the layout's own time, where it ran (the page's figure adds the worker's start and the messages). */
  | { id: number; kind: "done"; positions: Map<string, Position>; ms: number }
  | { id: number; kind: "error"; message: string };

export function answerLayoutRequest({ id, job }: LayoutRequest, reply: (message: LayoutReply) => void): void {
  try {
    const started = performance.now();
    const positions = layoutPositions(job.ids, job.edges, job.start, job.pinned, job.iterations, (done, total) =>
      reply({ id, kind: "progress", done, total }),
    );
    reply({ id, kind: "done", positions, ms: performance.now() - started });
  } catch (e) {
    reply({ id, kind: "error", message: e instanceof Error ? e.message : String(e) });
  }
}
