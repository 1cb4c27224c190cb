// Settings of image intake, CNH reading and face match (docs/configuration.md, "Vision").
export interface VisionConfig {
  /** Largest accepted image, decoded bytes (LUPA_IMAGE_MAX_BYTES, default 5 MiB). */
  imageMaxBytes: number;
  /** Total time to download an imageURL (LUPA_IMAGE_FETCH_TIMEOUT_MS, default 10 s). */
  imageFetchTimeoutMs: number;
  /** Time limit of one CNH reading (LUPA_OCR_TIMEOUT_MS, default 60 s). */
  ocrTimeoutMs: number;
  /** Time limit of one face description (LUPA_FACE_TIMEOUT_MS, default 60 s). */
  faceTimeoutMs: number;
  /** Lowest similarity (0..1) that counts as the same person (LUPA_FACE_MATCH_THRESHOLD, default 0.55). */
  faceMatchThreshold: number;
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name}: expected a positive integer, got "${value}"`);
  return n;
}

function fraction(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n >= 1) throw new Error(`${name}: expected a number between 0 and 1, got "${value}"`);
  return n;
}

export function loadVisionConfig(env: Record<string, string | undefined>): VisionConfig {
  return {
    imageMaxBytes: positive(env.LUPA_IMAGE_MAX_BYTES, 5 * 1024 * 1024, "LUPA_IMAGE_MAX_BYTES"),
    imageFetchTimeoutMs: positive(env.LUPA_IMAGE_FETCH_TIMEOUT_MS, 10_000, "LUPA_IMAGE_FETCH_TIMEOUT_MS"),
    ocrTimeoutMs: positive(env.LUPA_OCR_TIMEOUT_MS, 60_000, "LUPA_OCR_TIMEOUT_MS"),
    faceTimeoutMs: positive(env.LUPA_FACE_TIMEOUT_MS, 60_000, "LUPA_FACE_TIMEOUT_MS"),
    faceMatchThreshold: fraction(env.LUPA_FACE_MATCH_THRESHOLD, 0.55, "LUPA_FACE_MATCH_THRESHOLD"),
  };
}
