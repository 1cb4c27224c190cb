// Images for the vision tests, made by the tests themselves: CNH-like cards drawn with pdfkit
// and rasterized with pdftoppm (poppler-utils), faces cut from the sample photos that
// @vladmandic/face-api ships, and a picture with no face, drawn pixel by pixel.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import PDFDocument from "pdfkit";
import { PNG } from "pngjs";
import { crc32, deflateSync } from "node:zlib";
import { readSample, type ReferencePhoto } from "../../server/providers/face/references";

const require = createRequire(import.meta.url);
const jpeg = require("jpeg-js") as {
  decode(data: Buffer, opts: { useTArray: true; formatAsRGBA?: boolean }): { width: number; height: number; data: Uint8Array };
  encode(image: { data: Buffer; width: number; height: number }, quality: number): { data: Buffer };
};

export interface CnhCard {
  name: string;
  /** As printed, e.g. 529.982.247-25 */
  cpf: string;
  /** DD/MM/YYYY */
  birthDate: string;
  registrationNumber: string;
  /** DD/MM/YYYY */
  expiryDate: string;
  category: string;
  /** JPEG of the holder's face, placed where a CNH has its photo. */
  photo?: Buffer;
}

function pdfOf(card: CnhCard): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [540, 340], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.rect(0, 0, 540, 340).fill("#e8f0e0");
    doc.fillColor("#1a4d1a").font("Helvetica-Bold").fontSize(13).text("REPÚBLICA FEDERATIVA DO BRASIL", 20, 14);
    doc.fontSize(10).text("CARTEIRA NACIONAL DE HABILITAÇÃO", 20, 32);
    if (card.photo) doc.image(card.photo, 20, 60, { fit: [130, 170], align: "center", valign: "center" });
    else doc.rect(20, 60, 130, 170).fill("#cccccc");
    const label = (t: string, x: number, y: number) => doc.fillColor("#336633").font("Helvetica").fontSize(8).text(t, x, y);
    const value = (t: string, x: number, y: number) => doc.fillColor("#000000").font("Courier-Bold").fontSize(13).text(t, x, y);
    label("NOME", 165, 60);
    value(card.name, 165, 71);
    label("DOC. IDENTIDADE / ÓRG. EMISSOR / UF", 165, 96);
    value("12345678 SSP SP", 165, 107);
    label("CPF", 165, 132);
    value(card.cpf, 165, 143);
    label("DATA NASCIMENTO", 345, 132);
    value(card.birthDate, 345, 143);
    label("FILIAÇÃO", 165, 168);
    value("JOSE DA SILVA", 165, 179);
    label("Nº REGISTRO", 165, 225);
    value(card.registrationNumber, 165, 236);
    label("VALIDADE", 300, 225);
    value(card.expiryDate, 300, 236);
    label("1ª HABILITAÇÃO", 420, 225);
    value("05/06/2005", 420, 236);
    label("CAT. HAB.", 20, 250);
    value(card.category, 20, 261);
    doc.end();
  });
}

/** A CNH-like card as a PNG (150 dpi). */
export async function renderCnh(card: CnhCard): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-cnh-"));
  try {
    writeFileSync(path.join(dir, "card.pdf"), await pdfOf(card));
    execFileSync("pdftoppm", ["-png", "-r", "150", "-singlefile", path.join(dir, "card.pdf"), path.join(dir, "card")]);
    return readFileSync(path.join(dir, "card.png"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A JPEG of a reference photo's face: its region grown by `grow` (0.2 = 20% more on each side)
 * and scaled by `scale`, so that it is a different picture of the same face.
 */
export function faceJpeg(photo: ReferencePhoto, grow = 0, scale = 1): Buffer {
  const image = jpeg.decode(readSample(photo.sample), { useTArray: true });
  const r = photo.region;
  const x0 = Math.max(0, Math.round(r.x - r.width * grow));
  const y0 = Math.max(0, Math.round(r.y - r.height * grow));
  const x1 = Math.min(image.width, Math.round(r.x + r.width * (1 + grow)));
  const y1 = Math.min(image.height, Math.round(r.y + r.height * (1 + grow)));
  const width = Math.round((x1 - x0) * scale);
  const height = Math.round((y1 - y0) * scale);
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x0 + Math.min(x1 - x0 - 1, Math.floor(x / scale));
      const sy = y0 + Math.min(y1 - y0 - 1, Math.floor(y / scale));
      const si = (sy * image.width + sx) * 4;
      const di = (y * width + x) * 4;
      out[di] = image.data[si]!;
      out[di + 1] = image.data[si + 1]!;
      out[di + 2] = image.data[si + 2]!;
      out[di + 3] = 255;
    }
  }
  return jpeg.encode({ data: out, width, height }, 90).data;
}

/** A PNG of soft colour bands: a picture with no face in it. */
export function noFacePng(width = 480, height = 360): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 255) / width;
      png.data[i + 1] = (y * 255) / height;
      png.data[i + 2] = 128;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG written by hand, for the decoder's tests: any colour type and bit depth, rows of raw
 * samples (already packed), each row filtered with `filterOf(y)` (0 to 4), an optional palette and
 * transparency chunk.
 */
export function writePng(options: {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  rows: Uint8Array[];
  filterOf?: (y: number) => number;
  palette?: Buffer;
  trns?: Buffer;
}): Buffer {
  const { width, height, depth, colorType, rows } = options;
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colorType]!;
  const bpp = Math.max(1, (channels * depth) >> 3);
  const paeth = (a: number, b: number, c: number) => {
    const p = a + b - c;
    const pa = Math.abs(p - a);
    const pb = Math.abs(p - b);
    const pc = Math.abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
  };
  const filtered: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = rows[y]!;
    const prev = y > 0 ? rows[y - 1]! : new Uint8Array(row.length);
    const filter = options.filterOf?.(y) ?? 0;
    const out = Buffer.alloc(row.length + 1);
    out[0] = filter;
    for (let k = 0; k < row.length; k++) {
      const left = k >= bpp ? row[k - bpp]! : 0;
      const up = prev[k]!;
      const upLeft = k >= bpp ? prev[k - bpp]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      out[k + 1] = (row[k]! - predictor) & 0xff;
    }
    filtered.push(out);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    ...(options.palette ? [pngChunk("PLTE", options.palette)] : []),
    ...(options.trns ? [pngChunk("tRNS", options.trns)] : []),
    pngChunk("IDAT", deflateSync(Buffer.concat(filtered))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A grayscale PNG of `side` x `side` black pixels: a few dozen kilobytes that decode to side² bytes or more (issue 21). */
export function hugeGrayPng(side: number): Buffer {
  const raw = Buffer.alloc((side + 1) * side); // each row: filter byte 0, then zeros
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
