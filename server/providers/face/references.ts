// The sandbox biometrics dataset's reference photos: faces cut from the sample photos that
// @vladmandic/face-api ships in its `demo/` folder (group photos; each entry is one face and the
// region around it). The dataset names a photo by id (`sandbox-face-01`...); the face step reads
// it from the package, so no photo is stored or downloaded. The list and how a document picks its
// photo are in docs/sandbox.md ("Biometric reference photos").
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FaceBox } from "./describe";

export interface ReferencePhoto {
  id: string;
  /** File in the package's demo/ folder. */
  sample: string;
  /** The region of the sample holding the face (the detected face box with a 60% margin). */
  region: FaceBox;
}

/** Faces detected with confidence of at least 0.9 and stable under cropping (measured, docs/decisions.md). */
const FACES: [string, number, number, number, number][] = [
  ["sample1.jpg", 1475, 199, 204, 241],
  ["sample1.jpg", 838, 420, 187, 227],
  ["sample1.jpg", 414, 355, 178, 237],
  ["sample2.jpg", 1447, 153, 193, 243],
  ["sample3.jpg", 585, 329, 199, 271],
  ["sample3.jpg", 1514, 292, 170, 279],
  ["sample4.jpg", 664, 52, 187, 259],
  ["sample4.jpg", 257, 184, 162, 246],
  ["sample4.jpg", 988, 180, 169, 228],
  ["sample5.jpg", 377, 860, 172, 301],
  ["sample5.jpg", 598, 416, 165, 247],
  ["sample5.jpg", 1112, 198, 159, 236],
  ["sample5.jpg", 787, 109, 156, 213],
  ["sample6.jpg", 1487, 263, 212, 295],
  ["sample6.jpg", 1180, 306, 188, 279],
];

const MARGIN = 0.6;

export const REFERENCE_PHOTOS: readonly ReferencePhoto[] = FACES.map(([sample, x, y, width, height], i) => ({
  id: `sandbox-face-${String(i + 1).padStart(2, "0")}`,
  sample,
  region: {
    x: Math.max(0, Math.round(x - width * MARGIN)),
    y: Math.max(0, Math.round(y - height * MARGIN)),
    width: Math.round(width * (1 + 2 * MARGIN)),
    height: Math.round(height * (1 + 2 * MARGIN)),
  },
}));

/** The reference photo of a CPF: the 11 digits as a number, modulo the number of photos. */
export function referencePhotoFor(document: string): ReferencePhoto {
  const index = Number(BigInt(document.replace(/\D/g, "") || "0") % BigInt(REFERENCE_PHOTOS.length));
  return REFERENCE_PHOTOS[index]!;
}

export function referencePhotoById(id: string): ReferencePhoto | null {
  return REFERENCE_PHOTOS.find((p) => p.id === id) ?? null;
}

const require = createRequire(import.meta.url);

/** The package's demo folder, where the sample photos are. */
export function samplesDir(): string {
  return path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "demo");
}

export function readSample(sample: string): Buffer {
  return readFileSync(path.join(samplesDir(), sample));
}
