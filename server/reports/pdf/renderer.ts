// The PDF report off the event loop: one worker thread per process (worker.ts), started on first
// use, one report at a time, workspaces taken in turns (FairQueue). Each report has a time limit
// and a size limit, and the worker a heap limit; a report past any of them is not made (the route
// answers 500 and logs why). A worker past its time limit is terminated (there is no other way to
// stop a computation) and the next report starts a fresh one.
//
// From the TypeScript sources (tsx, vitest) the worker is started through worker-entry.mjs, which
// registers tsx in the thread; from a compiled service (dist/, plain node), worker.ts is its own
// entry point, `pdf-worker.mjs`, beside the bundle that starts it.
import { Worker } from "node:worker_threads";
import { FairQueue } from "../../support/fair-queue";
import type { ReportData } from "./types";

export interface PdfLimits {
  /** Time to make one report, from the moment it leaves the queue (LUPA_PDF_TIMEOUT_MS). */
  timeoutMs: number;
  /** Largest report, in bytes (LUPA_PDF_MAX_BYTES). */
  maxBytes: number;
}

/** Heap of the report's worker thread; a report that needs more ends the worker (out_of_memory). */
export const PDF_WORKER_HEAP_MB = 256;

export type PdfFailure = "timeout" | "too_large" | "out_of_memory" | "worker_failed" | "build_failed";

/** A report that was not made; `reason` and `detail` are for the log (no personal data). */
export class PdfNotMade extends Error {
  constructor(
    readonly reason: PdfFailure,
    readonly detail: string,
  ) {
    super(`PDF report not made (${reason}): ${detail}`);
    this.name = "PdfNotMade";
  }
}

/** The worker's file: chosen by this module's own extension (TypeScript sources, or a compiled bundle). */
export function workerEntry(moduleUrl = import.meta.url): URL {
  return moduleUrl.endsWith(".ts") ? new URL("./worker-entry.mjs", moduleUrl) : new URL("./pdf-worker.mjs", moduleUrl);
}

interface Pending {
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

type WorkerMessage = { ready: true } | { id: number; bytes: Uint8Array } | { id: number; error: "too_large" | "failed"; detail: string };

export class PdfRenderer {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly queue = new FairQueue();
  private nextId = 1;

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB } });
    worker.unref(); // an idle worker never keeps the process alive
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on("message", (message: WorkerMessage) => {
        if ("ready" in message) return resolve();
        const waiter = this.pending.get(message.id);
        if (!waiter) return;
        this.pending.delete(message.id);
        if ("bytes" in message) waiter.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        else waiter.reject(new PdfNotMade(message.error === "too_large" ? "too_large" : "build_failed", message.detail));
      });
      worker.on("error", (error: Error & { code?: string }) => {
        const failure =
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new PdfNotMade("out_of_memory", `the worker needed more than ${PDF_WORKER_HEAP_MB} MB`)
            : new PdfNotMade("worker_failed", `${error.name}: ${error.message}`);
        reject(failure);
        if (this.worker === worker) this.drop(failure);
      });
      worker.on("exit", (code) => {
        const failure = new PdfNotMade("worker_failed", `the worker stopped (exit code ${code})`);
        reject(failure);
        if (this.worker === worker) this.drop(failure);
      });
    });
    this.ready.catch(() => {});
    return this.ready;
  }

  private drop(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
    this.worker = null;
    this.ready = null;
  }

  /** The report's bytes; a PdfNotMade when it cannot be made within the limits. `key`: the workspace. */
  render(data: ReportData, key: string, limits: PdfLimits): Promise<Buffer> {
    return this.queue.run(key, async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const worker = this.worker;
          const failure = new PdfNotMade("timeout", `not made within ${limits.timeoutMs} ms`);
          this.drop(failure);
          void worker?.terminate();
          reject(failure);
        }, limits.timeoutMs);
      });
      const job = (async () => {
        await this.start();
        const worker = this.worker;
        if (!worker) throw new PdfNotMade("worker_failed", "the worker stopped before the report was sent");
        const id = this.nextId++;
        return new Promise<Buffer>((resolve, reject) => {
          this.pending.set(id, { resolve, reject });
          worker.postMessage({ id, data, maxBytes: limits.maxBytes });
        });
      })();
      job.catch(() => {}); // after a timeout the job fails with its terminated worker: nobody waits for it
      try {
        return await Promise.race([job, timeout]);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.drop(new PdfNotMade("worker_failed", "the PDF renderer closed"));
    if (worker) await worker.terminate();
  }
}

let renderer: PdfRenderer | null = null;

/** This process's renderer, created on first use. */
export function pdfRenderer(): PdfRenderer {
  return (renderer ??= new PdfRenderer());
}

/** Terminates the worker (services.close(), at shutdown). */
export async function closePdfRenderer(): Promise<void> {
  const closing = renderer?.close();
  renderer = null;
  await closing;
}
