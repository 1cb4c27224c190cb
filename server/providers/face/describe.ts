// Face description through the model's worker thread (face-worker.mjs): one worker per process,
// started on first use, one image at a time with workspaces taken in turns (FairQueue), a time
// limit per image and a heap limit for the worker. A worker that exceeds the time limit is
// terminated (there is no other way to stop a computation) and the next image starts a fresh one.
import { Worker } from "node:worker_threads";
import { FairQueue } from "../../support/fair-queue";
import { VisionTimeout } from "../../vision/limit";

/** Heap of the face model's worker (its weights live in WebAssembly memory, outside it). */
export const FACE_WORKER_HEAP_MB = 256;

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DescribedFace {
  score: number;
  box: FaceBox;
  /** 128 numbers (face-api's face recognition network). */
  descriptor: number[];
}

export type Described =
  { width: number; height: number; faces: DescribedFace[] } | { error: "image_unreadable" | "image_too_large" | "internal" };

interface Pending {
  resolve(value: Described): void;
  reject(error: Error): void;
}

export class FaceModel {
  private worker: Worker | null = null;
  private ready: Promise<number> | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly queue = new FairQueue();
  private nextId = 1;
  /** Milliseconds the last worker took to load the models (for logs and the benchmark). */
  loadMs: number | null = null;

  private start(): Promise<number> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL("./face-worker.mjs", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: FACE_WORKER_HEAP_MB },
    });
    worker.unref(); // an idle model never keeps the process alive
    this.worker = worker;
    this.ready = new Promise<number>((resolve, reject) => {
      worker.on("message", (message: { ready?: boolean; loadMs?: number; error?: string; id?: number } & Record<string, unknown>) => {
        if (message.ready === true) {
          this.loadMs = message.loadMs ?? null;
          return resolve(message.loadMs ?? 0);
        }
        if (message.ready === false) return reject(new Error(`face model failed to load: ${message.error}`));
        const waiter = message.id !== undefined ? this.pending.get(message.id) : undefined;
        if (!waiter) return;
        this.pending.delete(message.id!);
        const { id: _id, ...result } = message;
        waiter.resolve(result as unknown as Described);
      });
      worker.on("error", (error) => {
        reject(error);
        if (this.worker === worker) this.drop(error);
      });
      worker.on("exit", () => {
        if (this.worker === worker) this.drop(new Error("face model worker stopped"));
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

  /**
   * Faces found in a JPEG or PNG (or in `crop` of it), largest first, with their descriptors.
   * `key`: whose image it is (the workspace), for the queue's turns.
   */
  describe(bytes: Buffer, timeoutMs: number, crop?: FaceBox, key = ""): Promise<Described> {
    return this.queue.run(key, async () => {
      // the time limit covers loading the models too: a model that cannot load in time is as stuck
      const deadline = Date.now() + timeoutMs;
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => {
            timedOut = true;
            const worker = this.worker;
            this.drop(new VisionTimeout("face description", timeoutMs));
            void worker?.terminate();
            reject(new VisionTimeout("face description", timeoutMs));
          },
          Math.max(1, deadline - Date.now()),
        );
      });
      const job = (async () => {
        await this.start();
        if (timedOut || !this.worker) throw new VisionTimeout("face description", timeoutMs);
        const worker = this.worker;
        const id = this.nextId++;
        const copy = new Uint8Array(bytes); // transferred to the worker
        return new Promise<Described>((resolve, reject) => {
          this.pending.set(id, { resolve, reject });
          worker.postMessage({ id, bytes: copy, crop }, [copy.buffer]);
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
    this.drop(new Error("face model closed"));
    if (worker) await worker.terminate();
  }
}
