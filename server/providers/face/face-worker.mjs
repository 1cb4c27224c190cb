// The face model, in a worker thread of its own so that its seconds of computation never block
// the service's event loop. Plain JavaScript: it runs as is under node, tsx and vitest.
//
// @vladmandic/face-api's node-wasm build on @tensorflow/tfjs with the wasm backend (no native
// code), its WebAssembly binaries and model weights read from the installed packages, nothing
// from the network. Images are decoded with decode.mjs (jpeg-js, a PNG reader of its own, pngjs
// for interlaced PNGs; no canvas), scaled down to 1024 px while they are decoded.
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
import { decodeScaled, ImageTooLarge } from "./decode.mjs";

const require = createRequire(import.meta.url);

/** Longest side the detector sees: the SSD network works at 512 px, larger inputs only cost time. */
const MAX_SIDE = 1024;
/** Decoding bound against decompression bombs (a small file declaring a huge picture); the intake's cap too. */
const MAX_PIXELS = 16_000_000;

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

async function describe(bytes, crop) {
  let decoded;
  try {
    // scaled down while it is decoded (decode.mjs): no full-size copy, no full-size tensor
    decoded = await decodeScaled(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      maxSide: MAX_SIDE,
      maxPixels: MAX_PIXELS,
      crop,
    });
  } catch (error) {
    return { error: error instanceof ImageTooLarge ? "image_too_large" : "image_unreadable" };
  }
  const { region, scale, pixels } = decoded;
  if (region.width < 16 || region.height < 16) return { error: "image_unreadable" };
  const input = tf.tensor3d(pixels.rgb, [pixels.height, pixels.width, 3], "int32");
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
