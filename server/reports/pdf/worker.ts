// The report's worker thread (renderer.ts starts it): builds one report at a time, so that its
// layout work never runs on the service's event loop.
//
// Messages in:  { id, data: ReportData, maxBytes }
// Messages out: { ready: true } once loaded, then per request { id, bytes: Uint8Array } or
//               { id, error: "too_large" | "failed", detail }.
import { parentPort } from "node:worker_threads";
import { buildVerificationPdf, ReportTooLarge } from "./build";
import type { ReportData } from "./types";

const port = parentPort!;

port.on("message", async (message: { id: number; data: ReportData; maxBytes: number }) => {
  try {
    const pdf = await buildVerificationPdf(message.data, message.maxBytes);
    const bytes = new Uint8Array(pdf); // a copy of its own, transferred without another copy
    port.postMessage({ id: message.id, bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({
      id: message.id,
      error: error instanceof ReportTooLarge ? "too_large" : "failed",
      detail: error instanceof Error ? `${error.name}: ${error.message}` : "unknown error",
    });
  }
});

port.postMessage({ ready: true });
