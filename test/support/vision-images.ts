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
