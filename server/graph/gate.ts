// How many graph walks (expand, path) run at once in this process (LUPA_GRAPH_CONCURRENCY, default
// 2): the others wait their turn, first come first served. A walk issues several statements at
// once and builds answers of up to 500 nodes; twenty explorers walking together would otherwise
// hold every pooled connection and the event loop, and the case reads of the same process would
// wait behind them (bench graph, docs/benchmarks.md). Per Services object: one per process.
import type { Services } from "../context";

export class Gate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running++;
    try {
      return await fn();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const gates = new WeakMap<Services, Gate>();

export function graphGate(s: Services): Gate {
  let gate = gates.get(s);
  if (!gate) {
    const size = Number(process.env.LUPA_GRAPH_CONCURRENCY ?? 2);
    gate = new Gate(Number.isInteger(size) && size >= 1 ? size : 2);
    gates.set(s, gate);
  }
  return gate;
}
