// The /investigate layout off the main thread (components/investigate/layout*.ts): the positions
// are those of forceAtlas2.assign with the page's settings (the iterations run one at a time to
// report progress), the same for the same graph, and the same through the worker's protocol as on
// the main thread; the runner uses the worker, lets a new layout stop the one in progress, and
// falls back to the main thread when there is no Worker or its script does not load. And the
// reading of a JSON file opened with "Abrir JSON…" (the graph it gives to the layout).
import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import { describe, expect, it } from "vitest";
import { companyGraph } from "../../bench/investigate-layout";
import { readGraphFile } from "../../components/investigate/import-json";
import { iterationsFor, layoutPositions } from "../../components/investigate/layout";
import { answerLayoutRequest, type LayoutJob, type LayoutReply, type LayoutRequest } from "../../components/investigate/layout-job";
import { createLayoutRunner, LayoutCancelled, type LayoutWorker } from "../../components/investigate/layout-runner";
import type { Position } from "../../components/investigate/types";

/** The page's layout as it was before the worker: one forceAtlas2.assign call. */
function reference(ids: string[], edges: Array<{ source: string; target: string }>, start: Map<string, Position>, pinned: Set<string>) {
  const graph = new Graph({ type: "undirected", multi: false });
  ids.forEach((id, i) => {
    const p = start.get(id) ?? { x: Math.cos(i) * i, y: Math.sin(i) * i };
    graph.addNode(id, { x: p.x, y: p.y, fixed: pinned.has(id) });
  });
  for (const e of edges)
    if (graph.hasNode(e.source) && graph.hasNode(e.target) && e.source !== e.target) graph.mergeEdge(e.source, e.target);
  const settings = forceAtlas2.inferSettings(graph);
  forceAtlas2.assign(graph, { iterations: iterationsFor(ids.length), settings: { ...settings, barnesHutOptimize: ids.length > 300 } });
  const out = new Map<string, Position>();
  graph.forEachNode((id, a) => out.set(id, { x: a.x as number, y: a.y as number }));
  return out;
}

/** A job like the page's: some nodes with positions (an earlier layout), the new ones without, one pinned. */
function job(count: number): LayoutJob {
  const { ids, edges } = companyGraph(count);
  const start = new Map<string, Position>();
  ids.slice(0, Math.floor(count / 2)).forEach((id, i) => start.set(id, { x: (i % 17) * 3 - 20, y: Math.floor(i / 17) * 3 - 20 }));
  return { ids, edges, start, pinned: new Set([ids[1]!]) };
}

const positionsOf = (j: LayoutJob) => layoutPositions(j.ids, j.edges, j.start, j.pinned);

describe("layoutPositions", () => {
  it.each([40, 500])("gives forceAtlas2.assign's positions for %i nodes (Barnes-Hut above 300), the pinned node fixed", (count) => {
    const j = job(count);
    const out = positionsOf(j);
    expect(out).toEqual(reference(j.ids, j.edges, j.start, j.pinned));
    expect(out.get(j.ids[1]!)).toEqual(j.start.get(j.ids[1]!));
    expect(out.get(j.ids[0]!)).not.toEqual(j.start.get(j.ids[0]!));
  });

  it("gives the same positions for the same graph, and reports its progress up to the last iteration", () => {
    const j = job(120);
    const seen: Array<[number, number]> = [];
    const first = layoutPositions(j.ids, j.edges, j.start, j.pinned, undefined, (done, total) => seen.push([done, total]));
    expect(positionsOf(j)).toEqual(first);
    expect(seen.length).toBeGreaterThanOrEqual(10);
    expect(seen.every(([, total]) => total === 150)).toBe(true);
    expect(seen.map(([done]) => done)).toEqual([...seen.map(([done]) => done)].sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual([150, 150]);
  });
});

describe("the worker's protocol", () => {
  it("answers progress, then the positions the main thread computes, under the request's id", () => {
    const j = job(60);
    const replies: LayoutReply[] = [];
    answerLayoutRequest(structuredClone({ id: 7, job: j }), (m) => replies.push(structuredClone(m)));
    const done = replies.at(-1)!;
    expect(done.kind).toBe("done");
    expect(replies.every((r) => r.id === 7)).toBe(true);
    expect(replies.slice(0, -1).every((r) => r.kind === "progress")).toBe(true);
    expect(done.kind === "done" && done.positions).toEqual(positionsOf(j));
    expect(done.kind === "done" && done.ms).toBeGreaterThanOrEqual(0);
  });

  it("answers an error when the layout fails (a node twice)", () => {
    const replies: LayoutReply[] = [];
    answerLayoutRequest({ id: 1, job: { ids: ["a", "a"], edges: [], start: new Map(), pinned: new Set() } }, (m) => replies.push(m));
    expect(replies).toEqual([{ id: 1, kind: "error", message: expect.stringContaining("a") }]);
  });
});

/** A Worker in the same process: answers on a later task, through structured clones, and goes quiet when terminated. */
class FakeWorker implements LayoutWorker {
  terminated = false;
  requests = 0;
  private listeners: Record<string, Array<(event: never) => void>> = { message: [], error: [] };
  constructor(private readonly loads = true) {}
  addEventListener(type: "message" | "error", listener: (event: never) => void): void {
    this.listeners[type]!.push(listener);
  }
  postMessage(message: LayoutRequest): void {
    this.requests++;
    setTimeout(() => {
      if (this.terminated) return;
      if (!this.loads) {
        for (const l of this.listeners.error!) l(new Event("error") as never);
        return;
      }
      answerLayoutRequest(structuredClone(message), (reply) => {
        if (!this.terminated) for (const l of this.listeners.message!) l({ data: structuredClone(reply) } as never);
      });
    }, 1);
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe("createLayoutRunner", () => {
  it("runs the layout in the worker: its positions, its progress", async () => {
    const workers: FakeWorker[] = [];
    const runner = createLayoutRunner(() => {
      workers.push(new FakeWorker());
      return workers.at(-1)!;
    });
    runner.warm();
    expect(workers).toHaveLength(1);
    const j = job(80);
    const progress: number[] = [];
    const result = await runner.run(j, (done) => progress.push(done));
    expect(result.thread).toBe("worker");
    expect(result.positions).toEqual(positionsOf(j));
    expect(progress.at(-1)).toBe(150);
    // the next layout goes to the same worker
    await runner.run(job(30));
    expect(workers).toHaveLength(1);
    expect(workers[0]!.requests).toBe(2);
    runner.dispose();
    expect(workers[0]!.terminated).toBe(true);
  });

  it("a new layout stops the one in progress: its worker ended, its promise rejected, the new one on a new worker", async () => {
    const workers: FakeWorker[] = [];
    const runner = createLayoutRunner(() => {
      workers.push(new FakeWorker());
      return workers.at(-1)!;
    });
    const first = runner.run(job(80));
    const second = runner.run(job(30));
    await expect(first).rejects.toBeInstanceOf(LayoutCancelled);
    const result = await second;
    expect(result.positions.size).toBe(30);
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.terminated).toBe(false);
  });

  it("without Worker, runs on the main thread with the same positions", async () => {
    const runner = createLayoutRunner(() => null, 0);
    const j = job(50);
    const result = await runner.run(j);
    expect(result).toEqual({ thread: "main", positions: positionsOf(j), computeMs: expect.any(Number) });
  });

  it("when the worker's script does not load, this layout and the next run on the main thread", async () => {
    let spawned = 0;
    const runner = createLayoutRunner(() => {
      spawned++;
      return new FakeWorker(false);
    }, 0);
    const j = job(50);
    expect(await runner.run(j)).toEqual({ thread: "main", positions: positionsOf(j), computeMs: expect.any(Number) });
    expect((await runner.run(job(20))).thread).toBe("main");
    expect(spawned).toBe(1);
  });
});

describe("readGraphFile (Abrir JSON…)", () => {
  const file = (text: string) => new File([text], "grafo.json", { type: "application/json" });

  it("gives back a graph the page exported, and says why another file is not one", async () => {
    const graph = { nodes: [], edges: [], positions: {}, releases: ["2025-06"] };
    expect(await readGraphFile(file(JSON.stringify(graph)))).toEqual(graph);
    await expect(readGraphFile(file("{nodes"))).rejects.toThrow("O arquivo não é um JSON válido.");
    await expect(readGraphFile(file('{"nodes": []}'))).rejects.toThrow("O arquivo não é um grafo exportado pelo Lupa");
    await expect(readGraphFile(file("null"))).rejects.toThrow("O arquivo não é um grafo exportado pelo Lupa");
  });
});
