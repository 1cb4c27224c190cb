// Interactive work first, in this process (issue 11, goal 3). While an interactive request is being
// answered (a unit creation waiting for its outcome, an interactive collection running), batch
// collections do not start: a batch worker about to start one waits until no interactive work is
// left, or `maxWaitMs` at most, so a steady stream of interactive requests slows batches down but
// never stops them (with none running, it starts the collections of its fetch together as one
// group: server/engine/group.ts). Collections already running go on. With several processes each one keeps its
// own count: a worker process without API traffic only sees its interactive jobs.
/** How long after interactive work ends the gate still counts as recently busy. */
export const RECENT_MS = 250;

export class LaneGate {
  private interactive = 0;
  /** When the last interactive work ended (performance.now()). */
  private idleSince = -Infinity;
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
      if (this.interactive === 0) {
        this.idleSince = performance.now();
        for (const wake of [...this.waiters]) wake();
      }
    };
  }

  get busy(): boolean {
    return this.interactive > 0;
  }

  /**
   * Interactive work runs, or ended less than `RECENT_MS` ago: more is likely to come (a client
   * sends its next request), so a batch worker starts its fetch's collections one at a time
   * instead of as one group of ten, whose statements a unit request arriving next would wait
   * behind (issue 28, item 11). With no interactive traffic, groups are whole.
   */
  get recentlyBusy(): boolean {
    return this.interactive > 0 || performance.now() - this.idleSince < RECENT_MS;
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
