// The v2 verification's local steps (engine: OwnerHooks.steps), run after the dataset modules:
//
// - faceRecognition: the face in `verifications.faceRecognition` against the photo on the CNH sent in
//   the same request, or, without a CNH (or without a face found on it), against the biometrics
//   dataset's reference photo. Data: { faceDetected, facesDetected, similarity, match, threshold,
//   comparedWith }. Rules: face_not_detected, face_mismatch, face_reference_not_found.
// - cnh: status CNH_EXTRACT while the CNH is read; its fields and their comparison with the
//   registry. Rules: cnh_data_mismatch, cnh_unreadable, cnh_expired (server/providers/cnh).
//
// A step that runs past its time limit is a temporary failure (the engine retries it like a
// module); an image the models cannot read is data (a rule fires), never a failed verification.
import { and, eq, notInArray } from "drizzle-orm";
import type { Services } from "../context";
import { verifications } from "../db/schema";
import type { FetchResult, ModuleData } from "../datasets/types";
import { toPersonProfile } from "../datasets/dossier";
import type { Collection, ModuleRun, OwnerStep } from "../engine/types";
import { compareCnh, cnhRules } from "../providers/cnh/compare";
import { parseCnh, type CnhFields } from "../providers/cnh/parse";
import type { Described, DescribedFace } from "../providers/face/describe";
import { similarity } from "../providers/face/match";
import { readSample, referencePhotoById } from "../providers/face/references";
import { VisionTimeout } from "./limit";
import { loadImage, STEP_CNH, STEP_FACE } from "./intake";
import { cnhReader, faceModel } from "./models";

function data(c: Collection, module: string, block: Record<string, unknown>, rules: { rule: string; fired: boolean }[]): FetchResult {
  return { kind: "ok", data: { dataset: `${c.entity}-${module}-1.0`, module: module as ModuleData["module"], [module]: block, rules } };
}

function timeoutOr(error: unknown): FetchResult {
  if (error instanceof VisionTimeout) return { kind: "temporary_failure", reason: "timeout" };
  throw error;
}

const firstFace = (d: Described | null): DescribedFace | null => (d && "faces" in d ? (d.faces[0] ?? null) : null);

/** The sandbox's reference faces, described once per process (15 photos, always the same result). */
const referenceFaces = new Map<string, DescribedFace | null>();

async function referenceFace(
  s: Services,
  c: Collection,
  modules: ModuleRun[],
): Promise<{ face: DescribedFace; from: "cnh" | "biometrics" } | null> {
  const timeout = s.config.vision.faceTimeoutMs;
  const cnh = await loadImage(s.db, c.id, "cnh");
  if (cnh) {
    const face = firstFace(await faceModel().describe(cnh, timeout, undefined, c.workspaceId));
    if (face) return { face, from: "cnh" };
  }
  const biometrics = modules.find((m) => m.module === "biometrics" && m.status === "ok")?.data as ModuleData | undefined;
  const photoId = (biometrics?.biometrics as { reference?: { photoId?: string } } | null | undefined)?.reference?.photoId;
  const photo = photoId ? referencePhotoById(photoId) : null;
  if (!photo) return null;
  if (!referenceFaces.has(photo.id))
    referenceFaces.set(photo.id, firstFace(await faceModel().describe(readSample(photo.sample), timeout, photo.region, c.workspaceId)));
  const face = referenceFaces.get(photo.id)!;
  return face ? { face, from: "biometrics" } : null;
}

const faceStep: OwnerStep = {
  async run(s, c, modules) {
    const threshold = s.config.vision.faceMatchThreshold;
    const image = await loadImage(s.db, c.id, "face");
    if (!image) return { kind: "permanent_failure", reason: "image_missing" };
    try {
      const described = await faceModel().describe(image, s.config.vision.faceTimeoutMs, undefined, c.workspaceId);
      const selfie = firstFace(described);
      const facesDetected = "faces" in described ? described.faces.length : 0;
      if (!selfie) {
        return data(c, STEP_FACE, { faceDetected: false, facesDetected, similarity: null, match: false, threshold, comparedWith: null }, [
          { rule: "face_not_detected", fired: true },
          { rule: "face_mismatch", fired: false },
          { rule: "face_reference_not_found", fired: false },
        ]);
      }
      const reference = await referenceFace(s, c, modules);
      const value = reference ? similarity(selfie.descriptor, reference.face.descriptor) : null;
      const match = value !== null && value >= threshold;
      return data(
        c,
        STEP_FACE,
        { faceDetected: true, facesDetected, similarity: value, match, threshold, comparedWith: reference?.from ?? null },
        [
          { rule: "face_not_detected", fired: false },
          { rule: "face_mismatch", fired: reference !== null && !match },
          { rule: "face_reference_not_found", fired: reference === null },
        ],
      );
    } catch (error) {
      return timeoutOr(error);
    }
  },
};

const EMPTY_FIELDS: CnhFields = { name: null, cpf: null, registrationNumber: null, category: null, expiryDate: null, birthDate: null };

const cnhStep: OwnerStep = {
  async enter(tx, c) {
    await tx
      .update(verifications)
      .set({ status: "CNH_EXTRACT", updatedAt: new Date() })
      .where(
        and(
          eq(verifications.workspaceId, c.workspaceId),
          eq(verifications.id, c.id),
          notInArray(verifications.status, ["COMPLETED", "FAILED"]),
        ),
      );
  },
  async run(s, c, modules) {
    const image = await loadImage(s.db, c.id, "cnh");
    if (!image) return { kind: "permanent_failure", reason: "image_missing" };
    let fields = EMPTY_FIELDS;
    let confidence: number | null = null;
    try {
      const ocr = await cnhReader().read(image, s.config.vision.ocrTimeoutMs, c.workspaceId);
      fields = parseCnh(ocr);
      confidence = Math.round(ocr.confidence);
    } catch (error) {
      if (error instanceof VisionTimeout) return timeoutOr(error);
      s.log.warn({ err: { name: (error as Error).name }, collection: c.id }, "CNH image could not be read");
    }
    const profileRun = modules.find((m) => m.module === "profile" && m.status === "ok")?.data as ModuleData | undefined;
    const registry = profileRun?.profile ? toPersonProfile(profileRun, { clientListed: false }) : null;
    const comparison = compareCnh(fields, { document: c.document, name: registry?.name ?? null, birthDate: registry?.birthDate ?? null });
    const today = new Date().toISOString().slice(0, 10);
    const rules = cnhRules(fields, comparison, today);
    return data(
      c,
      STEP_CNH,
      {
        ...fields,
        expired: fields.expiryDate ? fields.expiryDate < today : null,
        comparison,
        ocrConfidence: confidence,
      },
      rules,
    );
  },
};

/** In this order: face match first (status PROCESSING), then the CNH (status CNH_EXTRACT). */
export const VISION_STEPS: Record<string, OwnerStep> = { [STEP_FACE]: faceStep, [STEP_CNH]: cnhStep };
