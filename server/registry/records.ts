// Splits the Receita's files into records and fields, on the bytes as published (Latin-1):
// `;`-separated, every field quoted, one record per line (LF or CRLF). Nothing is decoded here:
// fields are byte ranges of the chunk, handed to the row writers (rows.ts).
//
// Quotes: a field that starts with `"` ends at the next `"` followed by `;` or the end of the
// line. `""` inside it is one quote; a lone `"` inside it (`"ACME "XYZ" LTDA"`, as the published
// files have them) is kept as it is, also at its end (`"ACME "XYZ""`). A line break always ends the record, even inside an
// unterminated quote, so a damaged line costs that line only.

// Lines are capped (MAX_LINE): the published lines are under 1.2 KB, so a longer one is a damaged or
// hostile file, refused with LongLineError as soon as the cap is passed, whether or not its line
// break ever comes. A line cut by a chunk's end is kept (at most the cap) and completed from the
// next chunk: each byte is scanned once.

/** The longest Receita line read, in bytes (line break excluded). */
export const MAX_LINE = 8 * 1024;

/** A line longer than the cap: `line` is its number in the file (from 1). */
export class LongLineError extends Error {
  readonly code = "long_line";
  constructor(
    readonly line: number,
    readonly max: number,
  ) {
    super(`long_line: line ${line} is longer than ${max.toLocaleString("en-US")} bytes`);
  }
}

const QUOTE = 34;
const SEMI = 59;
const LF = 10;
const CR = 13;

export interface Fields {
  buf: Buffer;
  start: Int32Array;
  end: Int32Array;
  /** 1 when the field holds `""` pairs to collapse into one quote. */
  escaped: Uint8Array;
  /** Fields in the record; may exceed the layout's (a long line) up to `capacity`, then stops counting. */
  count: number;
  /** More fields than `capacity`. */
  overflow: boolean;
}

export class RecordSplitter {
  private rest: Buffer | null = null;
  /** Records read so far (the line number of the last one). */
  line = 0;
  private readonly fields: Fields;

  constructor(
    private readonly onRecord: (fields: Fields, line: number) => void,
    capacity = 40,
    private readonly maxLine = MAX_LINE,
  ) {
    this.fields = {
      buf: Buffer.alloc(0),
      start: new Int32Array(capacity),
      end: new Int32Array(capacity),
      escaped: new Uint8Array(capacity),
      count: 0,
      overflow: false,
    };
  }

  push(chunk: Buffer): void {
    let from = 0;
    if (this.rest) {
      // the line cut by the last chunk: complete it from this one, and scan only this one after it
      const lf = chunk.indexOf(LF);
      if (lf < 0) {
        this.keep(this.rest, chunk);
        return;
      }
      const line = Buffer.concat([this.rest, chunk.subarray(0, lf + 1)]);
      this.rest = null;
      this.scan(line, false);
      from = lf + 1;
    }
    const used = from + this.scan(from === 0 ? chunk : chunk.subarray(from), false);
    if (used < chunk.length) this.keep(null, chunk.subarray(used));
  }

  /** Keeps the start of a line until its end comes, refusing it past the cap. */
  private keep(before: Buffer | null, part: Buffer): void {
    const length = (before?.length ?? 0) + part.length;
    if (length > this.maxLine) throw new LongLineError(this.line + 1, this.maxLine);
    this.rest = before ? Buffer.concat([before, part]) : Buffer.from(part);
  }

  /** The last record, when the file does not end with a line break. */
  end(): void {
    if (this.rest) this.scan(this.rest, true);
    this.rest = null;
  }

  private scan(buf: Buffer, final: boolean): number {
    let pos = 0;
    const length = buf.length;
    while (pos < length) {
      let lineEnd = buf.indexOf(LF, pos);
      let next: number;
      if (lineEnd < 0) {
        if (!final) return pos;
        lineEnd = length;
        next = length;
      } else {
        next = lineEnd + 1;
      }
      let stop = lineEnd;
      if (stop > pos && buf[stop - 1] === CR) stop--;
      if (stop - pos > this.maxLine) throw new LongLineError(this.line + 1, this.maxLine);
      if (stop > pos) {
        this.line++;
        this.split(buf, pos, stop);
        this.onRecord(this.fields, this.line);
      } else {
        this.line++; // an empty line is no record, but it is a line
      }
      pos = next;
    }
    return pos;
  }

  private split(buf: Buffer, from: number, stop: number): void {
    const f = this.fields;
    const capacity = f.start.length;
    f.buf = buf;
    f.count = 0;
    f.overflow = false;
    let p = from;
    for (;;) {
      let s: number;
      let e: number;
      let esc = 0;
      let after: number;
      // byte loops rather than Buffer#indexOf: fields are short, and a native call per field cost
      // more than the scan (a third of the parse's time on Estabelecimentos)
      if (buf[p] === QUOTE) {
        s = p + 1;
        let q = s;
        for (;;) {
          while (q < stop && buf[q] !== QUOTE) q++;
          if (q >= stop) {
            e = stop; // unterminated: the rest of the line
            after = stop;
            break;
          }
          if (q + 1 === stop || buf[q + 1] === SEMI) {
            e = q;
            after = q + 1;
            break;
          }
          if (buf[q + 1] === QUOTE) {
            if (q + 2 === stop || buf[q + 2] === SEMI) {
              // `"ACME "X"";`: a quote that ends the text, then the closing one
              e = q + 1;
              after = q + 2;
              break;
            }
            esc = 1;
            q += 2;
          } else {
            q += 1;
          }
        }
      } else {
        s = p;
        let q = p;
        while (q < stop && buf[q] !== SEMI) q++;
        e = q;
        after = q;
      }
      if (f.count < capacity) {
        f.start[f.count] = s;
        f.end[f.count] = e;
        f.escaped[f.count] = esc;
        f.count++;
      } else {
        f.overflow = true;
      }
      if (after >= stop) return;
      // buf[after] is `;`
      p = after + 1;
      if (p === stop) {
        // a trailing `;`: one more, empty field
        if (f.count < capacity) {
          f.start[f.count] = p;
          f.end[f.count] = p;
          f.escaped[f.count] = 0;
          f.count++;
        } else {
          f.overflow = true;
        }
        return;
      }
    }
  }
}
