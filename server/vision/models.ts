// The two models of this process, each started on first use: the face model (its own worker
// thread) and the CNH reader (tesseract.js's worker thread). closeVisionModels() terminates both
// (services.close(), at shutdown).
import { CnhReader } from "../providers/cnh/ocr";
import { FaceModel } from "../providers/face/describe";

let face: FaceModel | null = null;
let cnh: CnhReader | null = null;

export function faceModel(): FaceModel {
  return (face ??= new FaceModel());
}

export function cnhReader(): CnhReader {
  return (cnh ??= new CnhReader());
}

export async function closeVisionModels(): Promise<void> {
  const closing = [face?.close(), cnh?.close()];
  face = null;
  cnh = null;
  await Promise.all(closing);
}
