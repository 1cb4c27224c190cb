// Decoding for the face model (face-worker.mjs), scaled down while it decodes: the model sees at
// most `maxSide` pixels on the longest side, so the full picture is never kept. Plain JavaScript:
// it runs as is under node, tsx and vitest.
//
// A PNG (not interlaced) is inflated as a stream and read row by row: each row is unfiltered,
// turned into RGB (transparency composited over white) and added into the one output row it
// falls in (an area average). Memory is two input rows and the output, whatever the picture's
// size: a 6,320 x 6,320 PNG had cost 1 GB through a full RGBA copy and full-size tensors. An
// interlaced PNG or a JPEG is decoded whole (at most `maxPixels`) and scaled down at once.
import { Buffer } from "node:buffer";
import { createRequire } from "node:module";
import { createInflate } from "node:zlib";

const require = createRequire(import.meta.url);
const jpeg = require("jpeg-js");
const { PNG } = require("pngjs");

export class ImageTooLarge extends Error {
  constructor() {
    super("image too large");
    this.code = "image_too_large";
  }
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The region to read (a crop, clamped; else the whole picture) and the scale that fits it in maxSide. */
function plan(width, height, crop, maxSide) {
  let region = { x: 0, y: 0, width, height };
  if (crop) {
    const x = Math.max(0, Math.floor(crop.x));
    const y = Math.max(0, Math.floor(crop.y));
    region = { x, y, width: Math.min(width - x, Math.ceil(crop.width)), height: Math.min(height - y, Math.ceil(crop.height)) };
  }
  const scale = region.width > 0 && region.height > 0 ? Math.min(1, maxSide / Math.max(region.width, region.height)) : 1;
  return {
    region,
    scale,
    outWidth: Math.max(1, Math.round(region.width * scale)),
    outHeight: Math.max(1, Math.round(region.height * scale)),
  };
}

/** Adds rows of RGB pixels into an area-averaged output of outWidth x outHeight. */
class Downscaler {
  constructor(p) {
    this.p = p;
    this.rgb = new Uint8Array(p.outWidth * p.outHeight * 3);
    this.sums = new Float64Array(p.outWidth * 3);
    this.counts = new Float64Array(p.outWidth);
    this.row = -1;
    // the output column of each input column of the region
    this.column = new Int32Array(p.region.width);
    for (let x = 0; x < p.region.width; x++) this.column[x] = Math.min(p.outWidth - 1, Math.floor((x * p.outWidth) / p.region.width));
  }

  /** One input row `y` (picture coordinates): pixel(x) writes its RGB into the 3-element target. */
  add(y, rgbRow) {
    const { region, outHeight } = this.p;
    if (y < region.y || y >= region.y + region.height) return;
    const outRow = Math.min(outHeight - 1, Math.floor(((y - region.y) * outHeight) / region.height));
    if (outRow !== this.row) this.flush(outRow);
    for (let x = 0; x < region.width; x++) {
      const o = this.column[x];
      const i = (region.x + x) * 3;
      this.sums[o * 3] += rgbRow[i];
      this.sums[o * 3 + 1] += rgbRow[i + 1];
      this.sums[o * 3 + 2] += rgbRow[i + 2];
      this.counts[o]++;
    }
  }

  flush(next = -1) {
    if (this.row >= 0) {
      const base = this.row * this.p.outWidth * 3;
      for (let o = 0; o < this.p.outWidth; o++) {
        const n = this.counts[o] || 1;
        this.rgb[base + o * 3] = Math.round(this.sums[o * 3] / n);
        this.rgb[base + o * 3 + 1] = Math.round(this.sums[o * 3 + 1] / n);
        this.rgb[base + o * 3 + 2] = Math.round(this.sums[o * 3 + 2] / n);
      }
    }
    this.sums.fill(0);
    this.counts.fill(0);
    this.row = next;
  }

  result() {
    this.flush();
    return { width: this.p.outWidth, height: this.p.outHeight, rgb: this.rgb };
  }
}

/** Chunks of a PNG file: IHDR fields, palette, transparency and the IDAT data in order. */
function pngChunks(bytes) {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  const info = { palette: null, trns: null, idat: [] };
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length < length) throw new Error("truncated PNG");
    if (type === "IHDR") {
      info.width = data.readUInt32BE(0);
      info.height = data.readUInt32BE(4);
      info.depth = data[8];
      info.colorType = data[9];
      info.interlace = data[12];
    } else if (type === "PLTE") info.palette = data;
    else if (type === "tRNS") info.trns = data;
    else if (type === "IDAT") info.idat.push(data);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  if (!info.width || !info.height) throw new Error("PNG without a size");
  return info;
}

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** A non-interlaced PNG read row by row into the downscaler. */
async function streamPng(info, scaler) {
  const { width, height, depth, colorType } = info;
  const channels = CHANNELS[colorType];
  if (!channels || ![1, 2, 4, 8, 16].includes(depth)) throw new Error("unsupported PNG");
  const bitsPerPixel = channels * depth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const bpp = Math.max(1, bitsPerPixel >> 3);
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  const rgb = new Uint8Array(width * 3);
  const max = (1 << depth) - 1;
  const transparentGray = info.trns && colorType === 0 ? info.trns.readUInt16BE(0) : -1;
  const transparentRgb =
    info.trns && colorType === 2 ? [info.trns.readUInt16BE(0), info.trns.readUInt16BE(2), info.trns.readUInt16BE(4)] : null;
  const sample = (row, index) => {
    // the index-th sample of a row, at its bit depth
    if (depth === 8) return row[index];
    if (depth === 16) return (row[index * 2] << 8) | row[index * 2 + 1];
    const bit = index * depth;
    return (row[bit >> 3] >> (8 - depth - (bit & 7))) & max;
  };
  const to8 = (v) => (depth === 16 ? v >> 8 : depth === 8 ? v : Math.round((v * 255) / max));
  const over = (value, alpha) => Math.round(value * alpha + 255 * (1 - alpha));

  const toRgb = () => {
    for (let x = 0; x < width; x++) {
      let r, g, b;
      let alpha = 1;
      if (colorType === 3) {
        const index = sample(current, x);
        r = info.palette?.[index * 3] ?? 0;
        g = info.palette?.[index * 3 + 1] ?? 0;
        b = info.palette?.[index * 3 + 2] ?? 0;
        if (info.trns && index < info.trns.length) alpha = info.trns[index] / 255;
      } else if (colorType === 0 || colorType === 4) {
        const raw = sample(current, x * channels);
        r = g = b = to8(raw);
        if (colorType === 4) alpha = to8(sample(current, x * channels + 1)) / 255;
        else if (raw === transparentGray) alpha = 0;
      } else {
        const rr = sample(current, x * channels);
        const gg = sample(current, x * channels + 1);
        const bb = sample(current, x * channels + 2);
        r = to8(rr);
        g = to8(gg);
        b = to8(bb);
        if (colorType === 6) alpha = to8(sample(current, x * channels + 3)) / 255;
        else if (transparentRgb && rr === transparentRgb[0] && gg === transparentRgb[1] && bb === transparentRgb[2]) alpha = 0;
      }
      rgb[x * 3] = alpha === 1 ? r : over(r, alpha);
      rgb[x * 3 + 1] = alpha === 1 ? g : over(g, alpha);
      rgb[x * 3 + 2] = alpha === 1 ? b : over(b, alpha);
    }
  };

  let y = 0;
  let filter = -1; // the current row's filter byte, once read
  let filled = 0;
  const consume = (chunk) => {
    let i = 0;
    while (i < chunk.length && y < height) {
      if (filter < 0) {
        filter = chunk[i++];
        if (filter > 4) throw new Error("bad PNG filter");
        continue;
      }
      const take = Math.min(stride - filled, chunk.length - i);
      current.set(chunk.subarray(i, i + take), filled);
      filled += take;
      i += take;
      if (filled < stride) break;
      for (let k = 0; k < stride; k++) {
        const left = k >= bpp ? current[k - bpp] : 0;
        const up = previous[k];
        const upLeft = k >= bpp ? previous[k - bpp] : 0;
        if (filter === 1) current[k] = (current[k] + left) & 0xff;
        else if (filter === 2) current[k] = (current[k] + up) & 0xff;
        else if (filter === 3) current[k] = (current[k] + ((left + up) >> 1)) & 0xff;
        else if (filter === 4) current[k] = (current[k] + paeth(left, up, upLeft)) & 0xff;
      }
      if (y >= scaler.p.region.y && y < scaler.p.region.y + scaler.p.region.height) {
        toRgb();
        scaler.add(y, rgb);
      }
      [previous, current] = [current, previous];
      filter = -1;
      filled = 0;
      y++;
    }
  };

  await new Promise((resolve, reject) => {
    const inflate = createInflate();
    inflate.on("data", (chunk) => {
      try {
        consume(chunk);
      } catch (error) {
        inflate.destroy();
        reject(error);
      }
    });
    inflate.on("end", resolve);
    inflate.on("error", reject);
    for (const part of info.idat) inflate.write(part);
    inflate.end();
  });
  if (y < height) throw new Error("truncated PNG data");
}

/** Whole RGB(A) pixels scaled into the downscaler (JPEG, interlaced PNG). */
function scaleWhole(width, height, data, channels, scaler) {
  const row = new Uint8Array(width * 3);
  for (let y = scaler.p.region.y; y < scaler.p.region.y + scaler.p.region.height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const alpha = channels === 4 ? data[i + 3] / 255 : 1;
      row[x * 3] = Math.round(data[i] * alpha + 255 * (1 - alpha));
      row[x * 3 + 1] = Math.round(data[i + 1] * alpha + 255 * (1 - alpha));
      row[x * 3 + 2] = Math.round(data[i + 2] * alpha + 255 * (1 - alpha));
    }
    scaler.add(y, row);
  }
}

/**
 * A JPEG or PNG decoded into RGB of at most `maxSide` on its longest side (of the crop, when
 * given). Answers the picture's size, the region read and its scale, and the pixels. Throws an
 * ImageTooLarge above `maxPixels`, any other error for what cannot be read.
 */
export async function decodeScaled(bytes, { maxSide, maxPixels, crop }) {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let image;
    try {
      image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: maxPixels / 1e6, maxMemoryUsageInMB: 256 });
    } catch (error) {
      if (/maxResolutionInMP|maxMemoryUsageInMB/.test(String(error && error.message))) throw new ImageTooLarge();
      throw error;
    }
    const p = plan(image.width, image.height, crop, maxSide);
    const scaler = new Downscaler(p);
    if (p.region.width > 0 && p.region.height > 0) scaleWhole(image.width, image.height, image.data, 3, scaler);
    return { width: image.width, height: image.height, ...p, pixels: scaler.result() };
  }
  const info = pngChunks(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (info.width * info.height > maxPixels) throw new ImageTooLarge();
  if (info.idat.length === 0) throw new Error("PNG without image data");
  const p = plan(info.width, info.height, crop, maxSide);
  const scaler = new Downscaler(p);
  if (p.region.width > 0 && p.region.height > 0) {
    if (info.interlace) {
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      scaleWhole(png.width, png.height, png.data, 4, scaler);
    } else await streamPng(info, scaler);
  }
  return { width: info.width, height: info.height, ...p, pixels: scaler.result() };
}
