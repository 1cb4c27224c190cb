// The time limit of the vision models (face description, CNH reading).
/** The error of a job that did not finish within its time limit; the engine retries it later. */
export class VisionTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = "VisionTimeout";
  }
}
