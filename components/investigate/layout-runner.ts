import { answerLayoutRequest, type LayoutJob, type LayoutReply, type LayoutRequest } from "./layout-job";
import type { LayoutProgress } from "./layout";
import type { Position } from "./types";

// Runs the page's layouts in a Web Worker (layout.worker.ts), one at a time: a new layout stops
// the one still running (its worker is ended, its promise rejects with LayoutCancelled) and the
// next starts on a new worker. Where there is no Worker, or the worker cannot start (its script
// did not load), the layout runs on the main thread after a short pause, so "Organizando o
// grafo…" paints first; the answer says where it ran.

export type LayoutThread = "worker" | "main";

export interface LayoutResult {
  positions: Map<string, Position>;
  thread: LayoutThread;
  /** The layout's own time where it ran, without the worker's start and the messages. */
  computeMs: number;
}

export class LayoutCancelled extends Error {
  constructor() {
    super("layout superseded");
    this.name = "LayoutCancelled";
  }
}

/** The part of a Worker the runner uses (a fake one in the unit tests). */
export interface LayoutWorker {
  postMessage(message: LayoutRequest): void;
  addEventListener(type: "message", listener: (event: MessageEvent<LayoutReply>) => void): void;
  addEventListener(type: "error", listener: (event: Event) => void): void;
  terminate(): void;
}

export function spawnLayoutWorker(): LayoutWorker | null {
  if (typeof Worker === "undefined") return null;
  try {
    return new Worker(new URL("./layout.worker.ts", import.meta.url), { name: "investigate-layout" });
  } catch {
    return null;
  }
}

interface Run {
  id: number;
  job: LayoutJob;
  onProgress?: LayoutProgress;
  resolve: (result: LayoutResult) => void;
  reject: (error: Error) => void;
}

export interface LayoutRunner {
  run(job: LayoutJob, onProgress?: LayoutProgress): Promise<LayoutResult>;
  /** Starts the worker ahead of the first layout (its scripts load while the page is idle). */
  warm(): void;
  /** Stops the layout in progress, if any (its promise rejects with LayoutCancelled). */
  cancel(): void;
  /** Stops everything and ends the worker (the page left). */
  dispose(): void;
}

export function createLayoutRunner(spawn: () => LayoutWorker | null = spawnLayoutWorker, mainThreadDelayMs = 30): LayoutRunner {
  let worker: LayoutWorker | null = null;
  let workerless = false;
  let running: Run | null = null;
  let sequence = 0;

  const finish = (run: Run) => {
    if (running === run) running = null;
  };

  const onMain = (run: Run) => {
    setTimeout(() => {
      if (running !== run) return;
      answerLayoutRequest({ id: run.id, job: run.job }, (reply) => settle(run, reply, "main"));
    }, mainThreadDelayMs);
  };

  const settle = (run: Run, reply: LayoutReply, thread: LayoutThread) => {
    if (running !== run || reply.id !== run.id) return;
    if (reply.kind === "progress") run.onProgress?.(reply.done, reply.total);
    else if (reply.kind === "done") {
      finish(run);
      run.resolve({ positions: reply.positions, thread, computeMs: reply.ms });
    } else {
      finish(run);
      run.reject(new Error(reply.message));
    }
  };

  const start = (): LayoutWorker | null => {
    if (workerless) return null;
    const w = spawn();
    if (!w) {
      workerless = true;
      return null;
    }
    w.addEventListener("message", (event) => {
      if (running && worker === w) settle(running, event.data, "worker");
    });
    // the script did not load (or the worker died): this layout and the next ones on the main thread
    w.addEventListener("error", (event) => {
      if (worker !== w) return;
      event.preventDefault();
      workerless = true;
      w.terminate();
      worker = null;
      if (running) onMain(running);
    });
    return w;
  };

  const cancel = () => {
    const run = running;
    if (!run) return;
    running = null;
    // a worker busy with a layout nobody wants any more: end it, the next layout starts another
    worker?.terminate();
    worker = null;
    run.reject(new LayoutCancelled());
  };

  return {
    run(job, onProgress) {
      cancel();
      return new Promise<LayoutResult>((resolve, reject) => {
        const run: Run = { id: ++sequence, job, onProgress, resolve, reject };
        running = run;
        worker ??= start();
        if (worker) worker.postMessage({ id: run.id, job });
        else onMain(run);
      });
    },
    warm() {
      worker ??= start();
    },
    cancel,
    dispose() {
      cancel();
      worker?.terminate();
      worker = null;
    },
  };
}
