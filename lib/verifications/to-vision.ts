import { toDocumentView } from "./document-view";
import { bool, num, obj, str, type Bag } from "./read";
import type { CnhComparison, CnhView, FaceMatchView, ImageMetaView, VisionView } from "./view-models";

// "Documentos e biometria": what the service read from the CNH (person.cnh), the face match
// (person.faceRecognition) and the images' metadata as the record echoes it
// (verifications.cnh / verifications.faceRecognition). The service keeps no image once the
// verification ends (docs/decisions.md, "v2 face recognition and CNH reading").

function comparison(value: unknown): CnhComparison | null {
  return value === "equal" || value === "different" || value === "missing" ? value : null;
}

function toCnh(block: Bag | null): CnhView | null {
  if (!block) return null;
  const compared = obj(block.comparison);
  const cpf = str(block.cpf);
  return {
    name: str(block.name),
    cpf: cpf ? (toDocumentView(cpf)?.masked ?? null) : null,
    registrationNumber: str(block.registrationNumber),
    category: str(block.category),
    expiryDate: str(block.expiryDate),
    birthDate: str(block.birthDate),
    expired: bool(block.expired),
    comparison: { name: comparison(compared?.name), cpf: comparison(compared?.cpf), birthDate: comparison(compared?.birthDate) },
    ocrConfidence: num(block.ocrConfidence),
  };
}

function toFace(block: Bag | null): FaceMatchView | null {
  if (!block) return null;
  const comparedWith = str(block.comparedWith);
  return {
    faceDetected: bool(block.faceDetected),
    facesDetected: num(block.facesDetected),
    similarity: num(block.similarity),
    match: bool(block.match),
    threshold: num(block.threshold),
    comparedWith: comparedWith === "cnh" || comparedWith === "biometrics" ? comparedWith : null,
  };
}

function toImage(block: Bag | null): ImageMetaView | null {
  if (!block) return null;
  return { imageURL: str(block.imageURL), filename: str(block.filename), contentType: str(block.contentType), size: num(block.size) };
}

/** Null when the verification asked for neither a CNH nor a face match and the dossier has neither. */
export function toVision(holder: Bag | null, config: Bag | null): VisionView | null {
  const view: VisionView = {
    cnh: toCnh(obj(holder?.cnh)),
    face: toFace(obj(holder?.faceRecognition)),
    images: { cnh: toImage(obj(config?.cnh)), faceRecognition: toImage(obj(config?.faceRecognition)) },
  };
  return view.cnh || view.face || view.images.cnh || view.images.faceRecognition ? view : null;
}
