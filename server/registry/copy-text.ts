// PostgreSQL's COPY text format, written straight from the published bytes: fields are copied
// with COPY's escapes (backslash, tab, CR, LF), NUL bytes dropped, `""` collapsed; empty fields
// become NULL (\N). The bytes stay Latin-1: the COPY statement says ENCODING 'LATIN1' and the
// server converts (server/registry/load.ts).
import type { Fields } from "./records";

const BACKSLASH = 92;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const N = 78;

export class CopyText {
  buf: Buffer;
  length = 0;

  constructor(size = 1 << 20) {
    this.buf = Buffer.allocUnsafe(size);
  }

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + extra));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }

  /** What was written since the last take; the writer goes on in a new buffer. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.length);
    this.buf = Buffer.allocUnsafe(this.buf.length);
    this.length = 0;
    return out;
  }

  null(): void {
    this.ensure(2);
    this.buf[this.length++] = BACKSLASH;
    this.buf[this.length++] = N;
  }

  tab(): void {
    this.ensure(1);
    this.buf[this.length++] = TAB;
  }

  newline(): void {
    this.ensure(1);
    this.buf[this.length++] = LF;
  }

  /** One ASCII byte (t, f, .). */
  byte(code: number): void {
    this.ensure(1);
    this.buf[this.length++] = code;
  }

  /** Bytes known to need no escape (digits checked by the caller); short: a loop beats Buffer#copy's call. */
  raw(src: Buffer, start: number, end: number): void {
    this.ensure(end - start);
    const out = this.buf;
    let o = this.length;
    for (let p = start; p < end; p++) out[o++] = src[p]!;
    this.length = o;
  }

  /** A text field: NULL when empty, else its bytes escaped. */
  text(f: Fields, i: number): void {
    const src = f.buf;
    const start = f.start[i]!;
    const end = f.end[i]!;
    if (start >= end) return this.null();
    this.ensure((end - start) * 2);
    const out = this.buf;
    let o = this.length;
    const collapse = f.escaped[i] === 1;
    for (let p = start; p < end; p++) {
      const c = src[p]!;
      if (c === BACKSLASH) {
        out[o++] = BACKSLASH;
        out[o++] = BACKSLASH;
      } else if (c === TAB) {
        out[o++] = BACKSLASH;
        out[o++] = 116; // t
      } else if (c === CR) {
        out[o++] = BACKSLASH;
        out[o++] = 114; // r
      } else if (c === LF) {
        out[o++] = BACKSLASH;
        out[o++] = 110; // n
      } else if (c === 0) {
        // PostgreSQL text holds no NUL
      } else {
        out[o++] = c;
        if (collapse && c === QUOTE && src[p + 1] === QUOTE) p++;
      }
    }
    if (o === this.length) return this.null(); // only NUL bytes
    this.length = o;
  }
}
