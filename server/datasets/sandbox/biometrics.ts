// person-biometrics-1.0: the reference photo the sandbox holds for a CPF, named by id. The photo
// itself is one of the face-api package's sample faces (server/providers/face/references.ts),
// chosen deterministically by the document; the face step reads it when it compares a selfie.
// Rule: biometric_reference_outdated when the photo is more than three years old.
import type { ModuleData } from "../types";
import { referencePhotoFor } from "../../providers/face/references";
import { daysBeforeReference, isoDate } from "./core/calendar";

const OUTDATED_AFTER_DAYS = 3 * 365;

export function buildBiometrics(version: string, document: string): ModuleData {
  const photo = referencePhotoFor(document);
  const days = 30 + Number(BigInt(document) % 1500n);
  return {
    dataset: `person-biometrics-${version}`,
    module: "biometrics",
    biometrics: {
      reference: { photoId: photo.id, capturedAt: isoDate(daysBeforeReference(days)), source: "sandbox" },
    },
    // a reference photo taken more than three years ago may no longer look like the holder
    rules: [{ rule: "biometric_reference_outdated", fired: days > OUTDATED_AFTER_DAYS }],
  };
}
