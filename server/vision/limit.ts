// One job at a time per model, in arrival order: the models are CPU-bound, so running two images
// together would only make both slower (and double the memory).
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Jobs queued or running. */
  get size(): number {
    return this.waiting;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(job, job);
    this.tail = result
      .then(
        () => {},
        () => {},
      )
      .finally(() => this.waiting--);
    return result;
  }
}

/** The error of a job that did not finish within its time limit; the engine retries it later. */
export class VisionTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = "VisionTimeout";
  }
}
