// A streaming zip writer for fixtures and the import benchmark's generated files: deflated entries
// written as they are produced (data descriptors, ZIP64 sizes past 4 GB), so a sample of millions
// of rows never sits in memory. The published files are read by server/registry/zip.ts.
import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { createDeflateRaw, crc32 } from "node:zlib";

const MAX_U32 = 0xffffffff;
/** 1980-01-01: the entries carry no meaningful date. */
const DOS_DATE = (1 << 5) | 1;

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
}

export class ZipWriter {
  private readonly out: WriteStream;
  private offset = 0;
  private readonly entries: Written[] = [];

  /** `zip64`: ZIP64 records even for small entries (tests of the reader's ZIP64 path). */
  constructor(
    path: string,
    private readonly zip64 = false,
  ) {
    this.out = createWriteStream(path);
  }

  private async write(buffer: Buffer): Promise<void> {
    this.offset += buffer.length;
    if (!this.out.write(buffer)) await once(this.out, "drain");
  }

  /** One deflated entry from chunks (Latin-1 bytes, as published). */
  async add(name: string, chunks: Iterable<Buffer> | AsyncIterable<Buffer>, level = 6): Promise<void> {
    const nameBytes = Buffer.from(name, "latin1");
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(45, 4); // version needed: ZIP64
    header.writeUInt16LE(0x08, 6); // sizes in the data descriptor
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    await this.write(Buffer.concat([header, nameBytes]));
    const deflate = createDeflateRaw({ level });
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const drained = (async () => {
      for await (const piece of deflate as AsyncIterable<Buffer>) {
        compressedSize += piece.length;
        await this.write(piece);
      }
    })();
    for await (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, "drain");
    }
    deflate.end();
    await drained;
    const descriptor = Buffer.alloc(24);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeBigUInt64LE(BigInt(compressedSize), 8);
    descriptor.writeBigUInt64LE(BigInt(size), 16);
    await this.write(descriptor);
    this.entries.push({ name: nameBytes, crc: crc >>> 0, size, compressedSize, offset });
  }

  async close(): Promise<void> {
    const cdOffset = this.offset;
    for (const e of this.entries) {
      const big = this.zip64 || e.size >= MAX_U32 || e.compressedSize >= MAX_U32 || e.offset >= MAX_U32;
      const extra = big ? Buffer.alloc(28) : Buffer.alloc(0);
      if (big) {
        extra.writeUInt16LE(0x0001, 0);
        extra.writeUInt16LE(24, 2);
        extra.writeBigUInt64LE(BigInt(e.size), 4);
        extra.writeBigUInt64LE(BigInt(e.compressedSize), 12);
        extra.writeBigUInt64LE(BigInt(e.offset), 20);
      }
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(45, 4);
      header.writeUInt16LE(45, 6);
      header.writeUInt16LE(0x08, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt16LE(DOS_DATE, 14);
      header.writeUInt32LE(e.crc, 16);
      header.writeUInt32LE(big ? MAX_U32 : e.compressedSize, 20);
      header.writeUInt32LE(big ? MAX_U32 : e.size, 24);
      header.writeUInt16LE(e.name.length, 28);
      header.writeUInt16LE(extra.length, 30);
      header.writeUInt32LE(big ? MAX_U32 : e.offset, 42);
      await this.write(Buffer.concat([header, e.name, extra]));
    }
    const cdSize = this.offset - cdOffset;
    const zip64 = this.zip64 || cdOffset >= MAX_U32 || this.entries.some((e) => e.size >= MAX_U32 || e.offset >= MAX_U32);
    if (zip64) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(45, 12);
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(this.entries.length), 24);
      record.writeBigUInt64LE(BigInt(this.entries.length), 32);
      record.writeBigUInt64LE(BigInt(cdSize), 40);
      record.writeBigUInt64LE(BigInt(cdOffset), 48);
      const recordOffset = this.offset;
      await this.write(record);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(recordOffset), 8);
      locator.writeUInt32LE(1, 16);
      await this.write(locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(zip64 ? 0xffff : this.entries.length, 8);
    end.writeUInt16LE(zip64 ? 0xffff : this.entries.length, 10);
    end.writeUInt32LE(zip64 ? MAX_U32 : cdSize, 12);
    end.writeUInt32LE(zip64 ? MAX_U32 : cdOffset, 16);
    await this.write(end);
    this.out.end();
    await once(this.out, "finish");
  }
}

/** A zip of one entry, as every published file is. */
export async function writeZip(path: string, entryName: string, content: Buffer | Iterable<Buffer> | AsyncIterable<Buffer>): Promise<void> {
  const zip = new ZipWriter(path);
  await zip.add(entryName, Buffer.isBuffer(content) ? [content] : content);
  await zip.close();
}
