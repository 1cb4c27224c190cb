// A zip reader for the published open-data files: reads the central directory at the end of the
// file (ZIP64 included: an Estabelecimentos file holds more than 4 GB once inflated), then streams
// one entry straight from its range of the file through zlib. Nothing is written to disk, and the
// CRC-32 of what was inflated is checked at the end (a truncated download fails here, not later).
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { createInflateRaw, crc32 } from "node:zlib";

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_U32 = 0xffffffff;

export class ZipError extends Error {
  /** `entry_too_large`: an entry inflates past its cap (a zip bomb); otherwise a damaged file. */
  constructor(
    message: string,
    readonly code: "entry_too_large" | "bad_zip" = "bad_zip",
  ) {
    super(message);
  }
}

/**
 * How far an entry may inflate. The header's sizes are the attacker's to write: the inflated bytes
 * are counted as they stream, and the entry is refused as soon as they pass `maxBytes`, the size
 * its header declared, or `maxRatio` times its compressed size (once past `ratioFloor` bytes: small
 * entries may compress well).
 */
export interface EntryLimits {
  maxBytes: number;
  maxRatio: number;
  ratioFloor: number;
}

const MiB = 1 << 20;
/** Deflate reaches about 1,000:1 on repeated bytes; the published CSVs compress 4 to 10 times. */
export const DEFAULT_LIMITS: EntryLimits = { maxBytes: 16 * 1024 * MiB, maxRatio: 50, ratioFloor: 64 * MiB };

/** The bytes an entry may inflate to: the least of the cap, and the ratio past its floor. */
export function inflatedCap(entry: Pick<ZipEntry, "compressedSize">, limits: EntryLimits): number {
  return Math.min(limits.maxBytes, Math.max(limits.ratioFloor, limits.maxRatio * entry.compressedSize));
}

const mib = (bytes: number) => `${(bytes / MiB).toLocaleString("en-US", { maximumFractionDigits: 1 })} MiB`;

async function readAt(handle: Awaited<ReturnType<typeof open>>, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

const u64 = (buffer: Buffer, at: number) => Number(buffer.readBigUInt64LE(at));

/** The entries of a zip file, from its central directory. */
export async function listZipEntries(path: string): Promise<ZipEntry[]> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 0xffff + 20);
    const tail = await readAt(handle, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw new ZipError(`${path}: not a zip file (no end of central directory)`);
    let entries = tail.readUInt16LE(at + 10);
    let cdSize = tail.readUInt32LE(at + 12);
    let cdOffset = tail.readUInt32LE(at + 16);
    if (entries === 0xffff || cdSize === MAX_U32 || cdOffset === MAX_U32) {
      const locatorAt = at - 20;
      if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR) throw new ZipError(`${path}: ZIP64 locator missing`);
      const record = await readAt(handle, u64(tail, locatorAt + 8), 56);
      if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipError(`${path}: ZIP64 end of central directory missing`);
      entries = u64(record, 32);
      cdSize = u64(record, 40);
      cdOffset = u64(record, 48);
    }
    // the directory's size is read from the file too: never allocate more than the file holds
    if (cdOffset + cdSize > size) throw new ZipError(`${path}: damaged central directory (past the end of the file)`);
    const directory = await readAt(handle, cdOffset, cdSize);
    const out: ZipEntry[] = [];
    let p = 0;
    for (let n = 0; n < entries; n++) {
      if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) throw new ZipError(`${path}: damaged central directory`);
      const flags = directory.readUInt16LE(p + 8);
      const nameLength = directory.readUInt16LE(p + 28);
      const extraLength = directory.readUInt16LE(p + 30);
      const commentLength = directory.readUInt16LE(p + 32);
      const rawName = directory.subarray(p + 46, p + 46 + nameLength);
      const entry: ZipEntry = {
        name: rawName.toString(flags & 0x800 ? "utf8" : "latin1"),
        method: directory.readUInt16LE(p + 10),
        crc: directory.readUInt32LE(p + 16),
        compressedSize: directory.readUInt32LE(p + 20),
        size: directory.readUInt32LE(p + 24),
        localHeaderOffset: directory.readUInt32LE(p + 42),
      };
      readZip64Extra(directory.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), entry);
      out.push(entry);
      p += 46 + nameLength + extraLength + commentLength;
    }
    return out;
  } finally {
    await handle.close();
  }
}

/** ZIP64 extra field (0x0001): the 8-byte values of the fields saturated at 0xFFFFFFFF, in order. */
function readZip64Extra(extra: Buffer, entry: ZipEntry): void {
  let p = 0;
  while (p + 4 <= extra.length) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      if (entry.size === MAX_U32) {
        entry.size = u64(extra, q);
        q += 8;
      }
      if (entry.compressedSize === MAX_U32) {
        entry.compressedSize = u64(extra, q);
        q += 8;
      }
      if (entry.localHeaderOffset === MAX_U32) entry.localHeaderOffset = u64(extra, q);
      return;
    }
    p += 4 + length;
  }
}

/**
 * Counts what passes, refuses it as soon as it passes the entry's cap or its declared size, and
 * checks its CRC-32 and length at the end.
 */
class Checked extends Transform {
  private crc = 0;
  private length = 0;
  constructor(
    private readonly entry: ZipEntry,
    private readonly cap: number,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.length += chunk.length;
    if (this.length > this.cap) {
      done(new ZipError(`entry_too_large: ${this.entry.name} inflates past ${mib(this.cap)} (a zip bomb?)`, "entry_too_large"));
      return;
    }
    if (this.length > this.entry.size) {
      done(
        new ZipError(
          `entry_too_large: ${this.entry.name} inflates past the ${this.entry.size.toLocaleString("en-US")} bytes its header declares`,
          "entry_too_large",
        ),
      );
      return;
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (this.length !== this.entry.size)
      done(new ZipError(`${this.entry.name}: ${this.length} bytes inflated, ${this.entry.size} expected`));
    else if (this.crc >>> 0 !== this.entry.crc >>> 0) done(new ZipError(`${this.entry.name}: CRC-32 mismatch (damaged file?)`));
    else done();
  }
}

/**
 * The entry's content, inflated as it is read from the file (stored or deflated entries), refused
 * with `entry_too_large` as soon as it inflates past its limits.
 */
export async function openZipEntry(path: string, entry: ZipEntry, limits: EntryLimits = DEFAULT_LIMITS): Promise<Readable> {
  // the sizes declared are not trusted either way: what inflates is counted (Checked)
  const cap = inflatedCap(entry, limits);
  const handle = await open(path, "r");
  let header: Buffer;
  try {
    header = await readAt(handle, entry.localHeaderOffset, 30);
  } finally {
    await handle.close();
  }
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw new ZipError(`${path}: damaged local header of ${entry.name}`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError(`${entry.name}: compression method ${entry.method} is not supported`);
  const checked = new Checked(entry, cap);
  if (entry.compressedSize === 0) {
    checked.end();
    return checked;
  }
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1, highWaterMark: 1 << 20 });
  const fail = (error: Error) => checked.destroy(error);
  raw.on("error", fail);
  if (entry.method === 0) {
    checked.once("close", () => raw.destroy());
    return raw.pipe(checked);
  }
  const inflate = createInflateRaw({ chunkSize: 1 << 18 });
  inflate.on("error", fail);
  // refused or abandoned by its reader: nothing more is read or inflated
  checked.once("close", () => {
    raw.destroy();
    inflate.destroy();
  });
  return raw.pipe(inflate).pipe(checked);
}
