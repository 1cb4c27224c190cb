// Types of decode.mjs (plain JavaScript, run by the face model's worker thread).
export class ImageTooLarge extends Error {
  code: "image_too_large";
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Decoded {
  /** The picture's size as sent. */
  width: number;
  height: number;
  /** The part read (a crop, or the whole picture), its scale and the output's size. */
  region: Region;
  scale: number;
  outWidth: number;
  outHeight: number;
  pixels: { width: number; height: number; rgb: Uint8Array };
}

export function decodeScaled(bytes: Uint8Array, options: { maxSide: number; maxPixels: number; crop?: Region }): Promise<Decoded>;
