// The face model's decoder (server/providers/face/decode.mjs) scales a picture down while it
// decodes it (issue 21, item 5): PNGs of every colour type and bit depth, each row filter,
// palettes and transparency read the same as pngjs reads them; a scaled picture is the average of
// its blocks; a crop is read in the picture's coordinates; a picture over the pixel cap is refused
// from its header; and a 16-megapixel PNG is decoded without its full size ever in memory.
import { createRequire } from "node:module";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { decodeScaled, ImageTooLarge } from "../../server/providers/face/decode.mjs";
import { hugeGrayPng, noFacePng, writePng } from "../support/vision-images";

const require = createRequire(import.meta.url);
const jpeg = require("jpeg-js") as { encode(image: { data: Buffer; width: number; height: number }, quality: number): { data: Buffer } };

const BIG = { maxSide: 100_000, maxPixels: 16_000_000 };

/** What pngjs reads, composited over white, as RGB. */
function reference(bytes: Buffer): Uint8Array {
  const png = PNG.sync.read(bytes);
  const out = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, j = 0; i < png.data.length; i += 4) {
    const alpha = png.data[i + 3]! / 255;
    for (let c = 0; c < 3; c++) out[j++] = Math.round(png.data[i + c]! * alpha + 255 * (1 - alpha));
  }
  return out;
}

/** Packs samples of `depth` bits into bytes, row by row. */
function pack(samples: number[], depth: number): Uint8Array {
  if (depth === 8) return Uint8Array.from(samples);
  if (depth === 16) return Uint8Array.from(samples.flatMap((s) => [s >> 8, s & 0xff]));
  const out = new Uint8Array(Math.ceil((samples.length * depth) / 8));
  samples.forEach((s, i) => {
    const bit = i * depth;
    out[bit >> 3]! |= s << (8 - depth - (bit & 7));
  });
  return out;
}

const W = 23;
const H = 11;
function image(colorType: number, depth: number, extra: { palette?: Buffer; trns?: Buffer } = {}): Buffer {
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colorType]!;
  const max = (1 << depth) - 1;
  const rows = Array.from({ length: H }, (_, y) =>
    pack(
      Array.from({ length: W * channels }, (_, i) => ((i * 37 + y * 101) * 2654435761) % (max + 1)),
      depth,
    ),
  );
  return writePng({ width: W, height: H, depth, colorType, rows, filterOf: (y) => y % 5, ...extra });
}

describe("decodeScaled", () => {
  const cases: [string, Buffer][] = [
    ["gray 1 bit", image(0, 1)],
    ["gray 2 bits", image(0, 2)],
    ["gray 4 bits", image(0, 4)],
    ["gray 8 bits", image(0, 8)],
    ["gray 16 bits", image(0, 16)],
    ["gray 8 bits with a transparent value", image(0, 8, { trns: Buffer.from([0, 7]) })],
    ["RGB 8 bits", image(2, 8)],
    ["RGB 16 bits", image(2, 16)],
    ["palette 4 bits", image(3, 4, { palette: Buffer.from(Array.from({ length: 48 }, (_, i) => (i * 53) % 256)) })],
    [
      "palette 8 bits with transparency",
      image(3, 8, { palette: Buffer.from(Array.from({ length: 768 }, (_, i) => (i * 29) % 256)), trns: Buffer.from([0, 128, 255, 30]) }),
    ],
    ["gray and alpha 8 bits", image(4, 8)],
    ["gray and alpha 16 bits", image(4, 16)],
    ["RGBA 8 bits", image(6, 8)],
    ["RGBA 16 bits", image(6, 16)],
  ];
  it.each(cases)("reads a %s PNG with every row filter as pngjs does", async (name, bytes) => {
    const decoded = await decodeScaled(bytes, BIG);
    expect({ width: decoded.width, height: decoded.height, scale: decoded.scale }).toEqual({ width: W, height: H, scale: 1 });
    const expected = reference(bytes);
    const got = decoded.pixels.rgb;
    // pngjs rounds 16-bit samples where this decoder keeps the high byte: one step at most, two
    // where a 16-bit alpha is composited too
    const tolerance = name.includes("16") ? 2 : 0;
    for (let i = 0; i < expected.length; i++) expect(Math.abs(got[i]! - expected[i]!), `byte ${i}`).toBeLessThanOrEqual(tolerance);
  });

  it("scales to the longest side while decoding: each output pixel the average of its block", async () => {
    const bytes = noFacePng(400, 200);
    const full = reference(bytes);
    const decoded = await decodeScaled(bytes, { maxSide: 100, maxPixels: 16_000_000 });
    expect(decoded).toMatchObject({ width: 400, height: 200, scale: 0.25, outWidth: 100, outHeight: 50 });
    for (const [ox, oy] of [
      [0, 0],
      [57, 13],
      [99, 49],
    ] as const) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = oy * 4; y < oy * 4 + 4; y++) for (let x = ox * 4; x < ox * 4 + 4; x++) sum += full[(y * 400 + x) * 3 + c]!;
        expect(Math.abs(decoded.pixels.rgb[(oy * 100 + ox) * 3 + c]! - sum / 16)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("reads a crop in the picture's coordinates, for a JPEG too", async () => {
    const bytes = noFacePng(300, 200);
    const decoded = await decodeScaled(bytes, { maxSide: 1024, maxPixels: 16_000_000, crop: { x: 100.4, y: 50, width: 60, height: 40 } });
    expect(decoded.region).toEqual({ x: 100, y: 50, width: 60, height: 40 });
    expect(decoded.pixels.width).toBe(60);
    const full = reference(bytes);
    expect(Array.from(decoded.pixels.rgb.subarray(0, 3))).toEqual(
      Array.from(full.subarray((50 * 300 + 100) * 3, (50 * 300 + 100) * 3 + 3)),
    );
    const png = PNG.sync.read(bytes);
    const jpg = jpeg.encode({ data: png.data, width: 300, height: 200 }, 95).data;
    const fromJpeg = await decodeScaled(jpg, { maxSide: 30, maxPixels: 16_000_000, crop: { x: 0, y: 0, width: 150, height: 100 } });
    expect(fromJpeg).toMatchObject({
      width: 300,
      height: 200,
      region: { x: 0, y: 0, width: 150, height: 100 },
      outWidth: 30,
      outHeight: 20,
    });
  });

  it("refuses a picture over the pixel cap from its header, and what is not an image", async () => {
    await expect(decodeScaled(hugeGrayPng(6320), { maxSide: 1024, maxPixels: 16_000_000 })).rejects.toBeInstanceOf(ImageTooLarge);
    await expect(decodeScaled(Buffer.from("not an image at all, really"), BIG)).rejects.toThrow();
    const truncated = noFacePng(100, 100);
    await expect(decodeScaled(truncated.subarray(0, truncated.length - 40), BIG)).rejects.toThrow();
  });

  it("decodes a 16-megapixel PNG to 1,024 px without holding the picture (memory bounded)", async () => {
    const bytes = hugeGrayPng(4000);
    const before = process.memoryUsage();
    let peak = 0;
    const timer = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers + now.heapUsed - (before.arrayBuffers + before.heapUsed));
    }, 5);
    const decoded = await decodeScaled(bytes, { maxSide: 1024, maxPixels: 16_000_000 });
    clearInterval(timer);
    expect(decoded).toMatchObject({ width: 4000, height: 4000, outWidth: 1024, outHeight: 1024 });
    expect(decoded.pixels.rgb.every((v: number) => v === 0)).toBe(true);
    // the whole picture as RGBA would be 64 MB (and had been copied into int32 tensors: 192 MB)
    expect(peak).toBeLessThan(32 * 1024 * 1024);
  });
});
