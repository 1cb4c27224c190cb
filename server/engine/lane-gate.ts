// Interactive work first, in this process (issue 11, goal 3). While an interactive request is being
// answered (a unit creation waiting for its outcome, an interactive collection running), batch
// collections do not start: a batch worker about to start one waits until no interactive work is
// left, or `maxWaitMs` at most, so a steady stream of interactive requests slows batches down but
// never stops them (with none running, it starts the collections of its fetch together as one
// group: server/engine/group.ts). Collections already running go on. With several processes each one keeps its
// own count: a worker process without API traffic only sees its interactive jobs.
export class LaneGate {
  private interactive = 0;
  private waiters = new Set<() => void>();
  /** Batch starts that waited, and for how long in total (for the benchmark and the logs). */
  waited = { count: 0, ms: 0 };

  constructor(private readonly maxWaitMs = 500) {}

  /** Marks interactive work as running; call the returned function once it is done. */
  hold(): () => void {
    this.interactive++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.interactive--;
      if (this.interactive === 0) for (const wake of [...this.waiters]) wake();
    };
  }

  get busy(): boolean {
    return this.interactive > 0;
  }

  /** Resolves at once when no interactive work runs; otherwise when it ends, or after maxWaitMs. */
  async batchTurn(): Promise<void> {
    if (this.interactive === 0 || this.maxWaitMs === 0) return;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.maxWaitMs);
      this.waiters.add(done);
    });
    this.waited.count++;
    this.waited.ms += performance.now() - started;
  }
}
