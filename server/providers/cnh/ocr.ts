// Text recognition of a CNH image with tesseract.js 7 and the Portuguese trained data shipped in
// @tesseract.js-data/por: read from the package folder (langPath), never cached elsewhere or
// downloaded (cacheMethod "none"). tesseract.js runs in its own worker thread; one per process,
// started on first use, one image at a time with workspaces taken in turns (FairQueue), a time
// limit per image. A worker that exceeds the limit is terminated and the next image starts a
// fresh one.
import { createRequire } from "node:module";
import { FairQueue } from "../../support/fair-queue";
import { VisionTimeout } from "../../vision/limit";

const require = createRequire(import.meta.url);

export interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

export interface OcrLine {
  text: string;
  words: OcrWord[];
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

export interface OcrResult {
  text: string;
  lines: OcrLine[];
  confidence: number;
}

interface TesseractWorker {
  recognize(
    image: Buffer,
    options?: Record<string, unknown>,
    output?: Record<string, boolean>,
  ): Promise<{
    data: { text: string; confidence: number; blocks: { paragraphs: { lines: OcrLine[] }[] }[] | null };
  }>;
  terminate(): Promise<unknown>;
}

interface TesseractModule {
  createWorker(langs: string, oem: number, options: Record<string, unknown>): Promise<TesseractWorker>;
  OEM: { LSTM_ONLY: number };
}

export class CnhReader {
  private worker: Promise<TesseractWorker> | null = null;
  private readonly queue = new FairQueue();
  /** Milliseconds the last worker took to start and load the language data. */
  loadMs: number | null = null;

  private start(): Promise<TesseractWorker> {
    if (this.worker) return this.worker;
    const tesseract = require("tesseract.js") as TesseractModule;
    const por = require("@tesseract.js-data/por") as { langPath: string; gzip: boolean };
    const started = Date.now();
    this.worker = tesseract
      .createWorker("por", tesseract.OEM.LSTM_ONLY, {
        langPath: por.langPath,
        gzip: por.gzip,
        cacheMethod: "none",
        logger: () => {},
        errorHandler: () => {},
      })
      .then((worker) => {
        this.loadMs = Date.now() - started;
        return worker;
      });
    this.worker.catch(() => (this.worker = null));
    return this.worker;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.then((w) => w.terminate()).catch(() => {});
  }

  /** Text of the image, with lines and words and their boxes. `key`: whose image (the workspace), for the queue's turns. */
  read(image: Buffer, timeoutMs: number, key = ""): Promise<OcrResult> {
    return this.queue.run(key, async () => {
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          void this.stop();
          reject(new VisionTimeout("CNH reading", timeoutMs));
        }, timeoutMs);
      });
      const job = (async () => {
        const worker = await this.start();
        if (timedOut) throw new VisionTimeout("CNH reading", timeoutMs); // its worker is being stopped
        const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
        const lines = (data.blocks ?? [])
          .flatMap((b) => b.paragraphs.flatMap((p) => p.lines))
          .map((l) => ({
            text: l.text.trim(),
            bbox: l.bbox,
            words: l.words.map((w) => ({ text: w.text, confidence: w.confidence, bbox: w.bbox })),
          }));
        return { text: data.text, lines, confidence: data.confidence };
      })();
      job.catch(() => {}); // after a timeout the job fails with its stopped worker: nobody waits for it
      try {
        return await Promise.race([job, timeout]);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  close(): Promise<void> {
    return this.stop();
  }
}
