// What the batch page knows of a batch it sent, kept in the tab's sessionStorage under its id: the
// CSV line of each item sent (the API refuses items by their index in the request) and the lines
// left out before sending. The API keeps the refusals themselves (review API, GET
// /batches/{id}); a batch opened from another tab shows its items by position instead of line.

export interface SentBatch {
  /** lines[i]: the CSV line of the request's item i. */
  lines: number[];
  /** Lines not sent ("Enviar as válidas"), with why. */
  skipped: { line: number; message: string }[];
}

const key = (batchId: string) => `lupa.batch.${batchId}`;

export function rememberSentBatch(batchId: string, sent: SentBatch): void {
  try {
    sessionStorage.setItem(key(batchId), JSON.stringify(sent));
  } catch {
    // storage full or refused: the page falls back to positions
  }
}

export function readSentBatch(batchId: string): SentBatch | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key(batchId)) ?? "null") as SentBatch | null;
    return value && Array.isArray(value.lines) && Array.isArray(value.skipped) ? value : null;
  } catch {
    return null;
  }
}
