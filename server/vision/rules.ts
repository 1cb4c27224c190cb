// Scoring rules of the vision steps and their weights in the v2 person profiles (docs/decisions.md,
// "Face match and CNH reading"). Module names are the steps' (server/vision/steps.ts).
import type { ProfileModuleConfig, ScoringRule } from "../db/schema";

export const VISION_RULES: ScoringRule[] = [
  { module: "cnh", rule: "cnh_data_mismatch", weight: 300 },
  { module: "cnh", rule: "cnh_unreadable", weight: 100 },
  { module: "cnh", rule: "cnh_expired", weight: 100 },
  { module: "faceRecognition", rule: "face_mismatch", weight: 500 },
  { module: "faceRecognition", rule: "face_not_detected", weight: 300 },
  { module: "faceRecognition", rule: "face_reference_not_found", weight: 100 },
  { module: "biometrics", rule: "biometric_reference_outdated", weight: 50 },
];

/** The biometrics module of a profile: collected only when the request sends faceRecognition. */
export const BIOMETRICS_MODULE: ProfileModuleConfig = { dataset: "person-biometrics-1.0", enabled: false };
