// One job at a time, shared by every workspace, taken in turns: each key (a workspace) has its own
// line, and the next job comes from the key served longest ago (a key not served yet first, in
// arrival order). A workspace that queues twenty jobs delays another workspace's job by the one
// running at most, never by twenty. Used where a process has one expensive resource: the face
// model, the CNH reader, the PDF report's worker. Jobs of one key run in the order they came.
export class FairQueue {
  /** Waiting starts per key, in arrival order of the keys. */
  private readonly lines = new Map<string, (() => void)[]>();
  /** When each key with work waiting or running was last served (a counter). */
  private readonly served = new Map<string, number>();
  private turn = 0;
  private running: string | null = null;
  private waiting = 0;

  /** Jobs queued or running. */
  get size(): number {
    return this.waiting + (this.running !== null ? 1 : 0);
  }

  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running = key;
        job()
          .then(resolve, reject)
          .finally(() => {
            this.running = null;
            if (!this.lines.has(key)) this.served.delete(key);
            this.next();
          });
      };
      const line = this.lines.get(key);
      if (line) line.push(start);
      else this.lines.set(key, [start]);
      this.waiting++;
      if (this.running === null) this.next();
    });
  }

  private next(): void {
    let chosen: string | null = null;
    let oldest = Infinity;
    for (const key of this.lines.keys()) {
      const last = this.served.get(key) ?? -1;
      if (last < oldest) {
        oldest = last;
        chosen = key;
      }
    }
    if (chosen === null) return;
    const line = this.lines.get(chosen)!;
    const start = line.shift()!;
    if (line.length === 0) this.lines.delete(chosen);
    this.served.set(chosen, this.turn++);
    this.waiting--;
    start();
  }
}
