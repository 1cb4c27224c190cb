// The face model, in a worker thread of its own so that its seconds of computation never block
// the service's event loop. Plain JavaScript: it runs as is under node, tsx and vitest.
//
// @vladmandic/face-api's node-wasm build on @tensorflow/tfjs with the wasm backend (no native
// code), its WebAssembly binaries and model weights read from the installed packages, nothing
// from the network. Images are decoded with jpeg-js / pngjs (no canvas).
//
// Messages in:  { id, bytes: Uint8Array, crop?: {x, y, width, height} }
// Messages out: { ready: true, loadMs } once the models are loaded, then per request
//               { id, width, height, faces: [{ score, box, descriptor: number[] }] } (largest first)
//               or { id, error: "image_unreadable" | "image_too_large" | "internal" }.
import { Buffer } from "node:buffer";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import path from "node:path";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
const jpeg = require("jpeg-js");
const { PNG } = require("pngjs");

/** Longest side the detector sees: the SSD network works at 512 px, larger inputs only cost time. */
const MAX_SIDE = 1024;
/** Decoding bound against decompression bombs (a small file declaring a huge picture). */
const MAX_PIXELS = 40_000_000;

let tf;
let faceapi;

async function load() {
  const started = performance.now();
  tf = require("@tensorflow/tfjs");
  const wasm = require("@tensorflow/tfjs-backend-wasm");
  faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js");
  const packageDir = (name) => path.dirname(require.resolve(`${name}/package.json`));
  // a file path (not a URL) with platform fetch off: emscripten reads the binary from disk
  wasm.setWasmPaths(path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist") + path.sep);
  await tf.setBackend("wasm");
  await tf.ready();
  const models = path.join(packageDir("@vladmandic/face-api"), "model");
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  return performance.now() - started;
}

function pngSize(bytes) {
  // IHDR: width and height, big-endian, at offsets 16 and 20
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** RGB pixels of a JPEG or PNG. */
function decode(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_PIXELS / 1e6,
      maxMemoryUsageInMB: 512,
    });
    return { width: image.width, height: image.height, rgb: image.data };
  }
  const { width, height } = pngSize(bytes);
  if (width * height > MAX_PIXELS) throw Object.assign(new Error("too large"), { code: "image_too_large" });
  const png = PNG.sync.read(bytes);
  const rgb = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, j = 0; i < png.data.length; i += 4) {
    // composite transparency over white, like a viewer shows it
    const alpha = png.data[i + 3] / 255;
    rgb[j++] = Math.round(png.data[i] * alpha + 255 * (1 - alpha));
    rgb[j++] = Math.round(png.data[i + 1] * alpha + 255 * (1 - alpha));
    rgb[j++] = Math.round(png.data[i + 2] * alpha + 255 * (1 - alpha));
  }
  return { width: png.width, height: png.height, rgb };
}

function clampCrop(crop, width, height) {
  const x = Math.max(0, Math.floor(crop.x));
  const y = Math.max(0, Math.floor(crop.y));
  return { x, y, width: Math.min(width - x, Math.ceil(crop.width)), height: Math.min(height - y, Math.ceil(crop.height)) };
}

async function describe(bytes, crop) {
  let decoded;
  try {
    decoded = decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    return { error: error.code === "image_too_large" ? "image_too_large" : "image_unreadable" };
  }
  const region = crop ? clampCrop(crop, decoded.width, decoded.height) : { x: 0, y: 0, width: decoded.width, height: decoded.height };
  if (region.width < 16 || region.height < 16) return { error: "image_unreadable" };
  const scale = Math.min(1, MAX_SIDE / Math.max(region.width, region.height));
  const input = tf.tidy(() => {
    let t = tf.tensor3d(decoded.rgb, [decoded.height, decoded.width, 3], "int32");
    if (crop) t = tf.slice(t, [region.y, region.x, 0], [region.height, region.width, 3]);
    if (scale < 1) t = tf.cast(tf.image.resizeBilinear(t, [Math.round(region.height * scale), Math.round(region.width * scale)]), "int32");
    return t;
  });
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5, maxResults: 10 });
    const found = await faceapi.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
    const faces = found
      .map((f) => {
        const b = f.detection.box;
        return {
          score: f.detection.score,
          // in the coordinates of the image as sent
          box: { x: region.x + b.x / scale, y: region.y + b.y / scale, width: b.width / scale, height: b.height / scale },
          descriptor: Array.from(f.descriptor),
        };
      })
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    return { width: decoded.width, height: decoded.height, faces };
  } finally {
    input.dispose();
  }
}

const ready = load();
ready.then(
  (loadMs) => parentPort.postMessage({ ready: true, loadMs }),
  (error) => parentPort.postMessage({ ready: false, error: String(error && error.message) }),
);

parentPort.on("message", async (message) => {
  try {
    await ready;
    const result = await describe(message.bytes, message.crop);
    parentPort.postMessage({ id: message.id, ...result });
  } catch {
    parentPort.postMessage({ id: message.id, error: "internal" });
  }
});
