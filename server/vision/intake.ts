// What v2 creation does with `verifications.cnh` and `verifications.faceRecognition` (spec 2.2):
// checks the request, downloads or decodes each image (server/images/fetch.ts), plans the local
// steps (faceRecognition, cnh) and the biometrics module, and keeps the images until the verification
// is terminal. The record echoes each image block without its base64 payload.
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import type { Services } from "../context";
import type { Db, Tx } from "../db/client";
import { verificationImages } from "../db/schema";
import { ApiError } from "../http/errors";
import type { Entity, ModuleName } from "../datasets/types";
import type { PlannedModule } from "../engine/types";
import type { Profile } from "../profiles/find-profile";
import { parseAllowList, type AllowList } from "../callbacks/destination";
import { decodeBase64Image, fetchImage, ImageRefused, type Image } from "../images/fetch";
import type { CreateVerificationBody } from "../v2/verifications/schemas";

export const STEP_FACE = "faceRecognition";
export const STEP_CNH = "cnh";
export type ImageKind = "cnh" | "face";

type ImageBlock = { imageURL?: string; filename?: string; imageBase64?: string };

export interface VisionIntake {
  /** The `verifications` configuration to store and echo (image blocks without base64). */
  config: Record<string, unknown>;
  /** Modules to add to the plan: biometrics (face without a CNH's photo) and the local steps. */
  modules: PlannedModule[];
  images: { kind: ImageKind; image: Image }[];
}

function step(name: string, entity: Entity): PlannedModule {
  // local steps live in module_runs like modules; their "dataset" names the format of their data
  return { module: name as ModuleName, dataset: `${entity}-${name}-1.0`, version: "1.0", addon: false };
}

function checkBlock(block: ImageBlock, field: string): void {
  if (block.imageURL && block.imageBase64) throw new ApiError("invalid_request", `${field} takes imageURL or imageBase64, not both`);
  if (!block.imageURL && !block.imageBase64) throw new ApiError("invalid_request", `${field} needs imageURL or imageBase64`);
}

let cachedAllowList: { source: string[]; list: AllowList } | null = null;
function allowListOf(s: Services): AllowList {
  if (cachedAllowList?.source !== s.config.callbackAllowList)
    cachedAllowList = { source: s.config.callbackAllowList, list: parseAllowList(s.config.callbackAllowList) };
  return cachedAllowList.list;
}

function caOf(s: Services): string | undefined {
  if (!s.config.callbackCaFile) return undefined;
  try {
    return readFileSync(s.config.callbackCaFile, "utf8");
  } catch {
    return undefined;
  }
}

async function imageOf(s: Services, block: ImageBlock, field: string): Promise<Image> {
  const { imageMaxBytes: maxBytes, imageFetchTimeoutMs: timeoutMs } = s.config.vision;
  try {
    if (block.imageBase64) return decodeBase64Image(block.imageBase64, `${field}.imageBase64`, maxBytes);
    return await fetchImage(block.imageURL!, `${field}.imageURL`, { allowList: allowListOf(s), maxBytes, timeoutMs, ca: caOf(s) });
  } catch (error) {
    if (error instanceof ImageRefused) {
      if (error.detail) s.log.warn({ field, detail: error.detail }, "image could not be read");
      throw new ApiError("invalid_request", error.message);
    }
    throw error;
  }
}

function echo(block: ImageBlock, image: Image): Record<string, unknown> {
  return {
    ...(block.imageURL ? { imageURL: block.imageURL } : {}),
    ...(block.filename ? { filename: block.filename } : {}),
    contentType: image.contentType,
    size: image.bytes.length,
  };
}

export async function intakeVision(
  s: Services,
  body: CreateVerificationBody,
  entity: Entity,
  profile: Profile | null,
  plan: PlannedModule[],
  lane: string,
): Promise<VisionIntake> {
  const { cnh, faceRecognition, ...rest } = body.verifications;
  // spec 4.2: the batch ignores face recognition and CNH
  if (lane === "batch" || (!cnh && !faceRecognition))
    return { config: { ...rest, cnh: null, faceRecognition: null }, modules: [], images: [] };
  if (entity !== "person")
    throw new ApiError("invalid_request", "verifications.cnh and verifications.faceRecognition are accepted only for a CPF");
  if (cnh) checkBlock(cnh, "verifications.cnh");
  if (faceRecognition) {
    checkBlock(faceRecognition, "verifications.faceRecognition");
    if (!profile)
      throw new ApiError(
        "invalid_request",
        "verifications.faceRecognition requires a scoring profile (profileId) with the biometrics module",
      );
    if (!profile.modules.biometrics)
      throw new ApiError(
        "invalid_request",
        "verifications.faceRecognition requires the biometrics module, which this profile does not have",
      );
    if (body.verifications.modules?.some((m) => m.name === "biometrics" && !m.enabled)) {
      throw new ApiError("invalid_request", "Module biometrics cannot be disabled when verifications.faceRecognition is sent");
    }
  }
  const [cnhImage, faceImage] = await Promise.all([
    cnh ? imageOf(s, cnh, "verifications.cnh") : null,
    faceRecognition ? imageOf(s, faceRecognition, "verifications.faceRecognition") : null,
  ]);
  const modules: PlannedModule[] = [];
  if (faceImage && !plan.some((m) => m.module === "biometrics")) {
    const dataset = profile!.modules.biometrics!.dataset;
    modules.push({ module: "biometrics", dataset, version: dataset.slice(dataset.lastIndexOf("-") + 1), addon: false });
  }
  if (faceImage) modules.push(step(STEP_FACE, entity));
  if (cnhImage) modules.push(step(STEP_CNH, entity));
  return {
    config: {
      ...rest,
      cnh: cnh && cnhImage ? echo(cnh, cnhImage) : null,
      faceRecognition: faceRecognition && faceImage ? echo(faceRecognition, faceImage) : null,
    },
    modules,
    images: [
      ...(cnhImage ? [{ kind: "cnh" as const, image: cnhImage }] : []),
      ...(faceImage ? [{ kind: "face" as const, image: faceImage }] : []),
    ],
  };
}

export async function saveImages(tx: Tx, verificationId: string, workspaceId: string, images: VisionIntake["images"]): Promise<void> {
  if (images.length === 0) return;
  await tx.insert(verificationImages).values(
    images.map(({ kind, image }) => ({
      verificationId,
      workspaceId,
      kind,
      contentType: image.contentType,
      bytes: image.bytes,
    })),
  );
}

export async function loadImage(db: Db | Tx, verificationId: string, kind: ImageKind): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: verificationImages.bytes })
    .from(verificationImages)
    .where(and(eq(verificationImages.verificationId, verificationId), eq(verificationImages.kind, kind)));
  return row?.bytes ?? null;
}

/** The images are not kept once the verification is terminal (the dossier holds the results). */
export async function deleteImages(tx: Tx, verificationId: string): Promise<void> {
  await tx.delete(verificationImages).where(eq(verificationImages.verificationId, verificationId));
}
