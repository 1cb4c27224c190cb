// Benchmark: the /investigate page's layout (issue 33, item 4): ForceAtlas2 over graphology for the
// page's fixed iteration count (components/investigate/layout.ts), on a company-shaped graph
// (a few hubs, partners owning several companies, chains), at 500, 2,000 and 5,000 nodes, next
// to a baseline measured in the same run: building the same graphology graph without a layout.
// Budget: 2,000 nodes settle in under 2 s. Node (V8), not a browser: Chromium runs the same JS
// on the same engine; the page's figure is read in the e2e screenshots run too.
//
// The page runs the layout in a Web Worker (layout-runner.ts): what its own thread still pays is
// the job's and the answer's structured clones, measured here too (structuredClone both writes
// and reads, where the page writes the job and reads the answer: an upper bound).
//
// Usage: npm run bench -- investigate-layout [runs=5]
import { loadavg } from "node:os";
import Graph from "graphology";
import { iterationsFor, layoutPositions } from "../components/investigate/layout";
import { answerLayoutRequest, type LayoutReply, type LayoutRequest } from "../components/investigate/layout-job";
import type { InvEdge, Position } from "../components/investigate/types";

/** A deterministic company-like graph: node i links to a parent (tree), one node in 40 is a hub, one in 5 has a second parent. */
export function companyGraph(count: number): { ids: string[]; edges: Array<Pick<InvEdge, "source" | "target">> } {
  const ids = Array.from({ length: count }, (_, i) => `n${i}`);
  const edges: Array<Pick<InvEdge, "source" | "target">> = [];
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 1; i < count; i++) {
    const hub = Math.floor(rand() * 40) * Math.floor(i / 40);
    const parent = rand() < 0.3 ? hub % i : Math.floor(rand() * i);
    edges.push({ source: ids[parent]!, target: ids[i]! });
    if (rand() < 0.2) edges.push({ source: ids[Math.floor(rand() * i)]!, target: ids[i]! });
  }
  return { ids, edges };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchInvestigateLayout(runs: number): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  for (const size of [500, 2_000, 5_000]) {
    const { ids, edges } = companyGraph(size);
    const layout: number[] = [];
    const build: number[] = [];
    const clones: number[] = [];
    for (let r = 0; r < runs + 1; r++) {
      const start = new Map<string, Position>();
      ids.forEach((id, i) => start.set(id, { x: Math.cos(i) * Math.sqrt(i) * 10, y: Math.sin(i) * Math.sqrt(i) * 10 }));
      let t = performance.now();
      const g = new Graph({ type: "undirected" });
      for (const id of ids) g.addNode(id, start.get(id));
      for (const e of edges) g.mergeEdge(e.source, e.target);
      const b = performance.now() - t;
      t = performance.now();
      layoutPositions(ids, edges, start);
      const l = performance.now() - t;
      // the worker's round trip, without the worker: the job cloned in, the answer cloned out
      const request: LayoutRequest = { id: r, job: { ids, edges: edges.map((e) => ({ ...e })), start, pinned: new Set() } };
      t = performance.now();
      const received = structuredClone(request);
      let c = performance.now() - t;
      let done: LayoutReply | undefined;
      answerLayoutRequest(received, (m) => (done = m));
      t = performance.now();
      structuredClone(done);
      c += performance.now() - t;
      if (r > 0) {
        build.push(b);
        layout.push(l);
        clones.push(c);
      }
    }
    layout.sort((a, b) => a - b);
    build.sort((a, b) => a - b);
    clones.sort((a, b) => a - b);
    console.log(
      `${size} nodes, ${edges.length} edges, ${iterationsFor(size)} iterations: layout p50 ${percentile(layout, 50).toFixed(0)} ms, max ${layout.at(-1)!.toFixed(0)} ms; baseline (graph built, no layout) p50 ${percentile(build, 50).toFixed(1)} ms; the page's thread with the worker (job and answer cloned) p50 ${percentile(clones, 50).toFixed(1)} ms`,
    );
  }
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
}
