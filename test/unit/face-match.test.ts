// Similarity of two face descriptors and the sandbox's reference photos.
import { describe, expect, it } from "vitest";
import { euclideanDistance, similarity } from "../../server/providers/face/match";
import { REFERENCE_PHOTOS, readSample, referencePhotoById, referencePhotoFor } from "../../server/providers/face/references";
import { buildBiometrics } from "../../server/datasets/sandbox/biometrics";

/** Width and height from a JPEG's start-of-frame segment (no decoding). */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < bytes.length) {
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error("no SOF segment");
}

describe("similarity", () => {
  it("is 1 - Euclidean distance, clipped to 0..1, three decimals", () => {
    const a = Array.from({ length: 128 }, () => 0);
    const b = [...a];
    b[0] = 0.3;
    b[1] = 0.4; // distance 0.5
    expect(euclideanDistance(a, b)).toBeCloseTo(0.5, 10);
    expect(similarity(a, b)).toBe(0.5);
    expect(similarity(a, a)).toBe(1);
    const far = [...a];
    far[0] = 2;
    expect(similarity(a, far)).toBe(0);
    b[2] = 0.123456;
    expect(similarity(a, b)).toBe(Math.round((1 - Math.sqrt(0.25 + 0.123456 ** 2)) * 1000) / 1000);
  });

  it("refuses descriptors of different lengths", () => {
    expect(() => similarity([1, 2], [1])).toThrow();
  });
});

describe("reference photos", () => {
  it("are regions inside the package's sample photos, with unique ids", () => {
    expect(new Set(REFERENCE_PHOTOS.map((p) => p.id)).size).toBe(REFERENCE_PHOTOS.length);
    const sizes = new Map<string, { width: number; height: number }>();
    for (const photo of REFERENCE_PHOTOS) {
      if (!sizes.has(photo.sample)) sizes.set(photo.sample, jpegSize(readSample(photo.sample)));
      const size = sizes.get(photo.sample)!;
      expect(size.width).toBe(1920);
      expect(photo.region.x).toBeGreaterThanOrEqual(0);
      expect(photo.region.y).toBeGreaterThanOrEqual(0);
      expect(photo.region.x + photo.region.width, photo.id).toBeLessThanOrEqual(size.width + 1);
      expect(photo.region.y + photo.region.height, photo.id).toBeLessThanOrEqual(size.height + 1);
      expect(referencePhotoById(photo.id)).toBe(photo);
    }
  });

  it("are chosen by the document: the CPF's digits modulo the number of photos", () => {
    expect(referencePhotoFor("52998224725")).toBe(REFERENCE_PHOTOS[Number(52998224725n % BigInt(REFERENCE_PHOTOS.length))]);
    expect(referencePhotoFor("529.982.247-25")).toBe(referencePhotoFor("52998224725"));
    const data = buildBiometrics("1.0", "52998224725");
    expect(data).toMatchObject({ dataset: "person-biometrics-1.0", module: "biometrics" });
    const days = 30 + Number(52998224725n % 1500n);
    expect(data.rules).toEqual([{ rule: "biometric_reference_outdated", fired: days > 1095 }]);
    expect((data.biometrics as { reference: { photoId: string; capturedAt: string } }).reference).toEqual({
      photoId: referencePhotoFor("52998224725").id,
      capturedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      source: "sandbox",
    });
    expect(buildBiometrics("1.0", "52998224725")).toEqual(data);
  });
});
