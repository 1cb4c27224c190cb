// The models' lifecycle: a time limit per image (the worker is terminated and the next image
// starts a fresh one), unreadable or oversized images answered as such, nothing left running.
import { afterAll, describe, expect, it } from "vitest";
import { CnhReader } from "../../server/providers/cnh/ocr";
import { parseCnh } from "../../server/providers/cnh/parse";
import { FaceModel } from "../../server/providers/face/describe";
import { VisionTimeout } from "../../server/vision/limit";
import { noFacePng, renderCnh } from "../support/vision-images";

const SLOW = 300_000; // loading a model on a loaded 2-core machine
const reader = new CnhReader();
const face = new FaceModel();
afterAll(async () => {
  await reader.close();
  await face.close();
});

describe("CnhReader", () => {
  it(
    "times out an image (VisionTimeout), then reads the next one with a fresh worker",
    async () => {
      const card = await renderCnh({
        name: "MARIA DA SILVA SOUZA",
        cpf: "529.982.247-25",
        birthDate: "14/03/1985",
        registrationNumber: "04512378901",
        expiryDate: "12/10/2031",
        category: "AB",
      });
      await expect(reader.read(card, 1)).rejects.toBeInstanceOf(VisionTimeout);
      const fields = parseCnh(await reader.read(card, SLOW));
      expect(fields).toEqual({
        name: "MARIA DA SILVA SOUZA",
        cpf: "52998224725",
        registrationNumber: "04512378901",
        category: "AB",
        expiryDate: "2031-10-12",
        birthDate: "1985-03-14",
      });
    },
    SLOW,
  );
});

describe("FaceModel", () => {
  it(
    "times out an image, then answers the next ones: no face, unreadable bytes, a declared size above 16 megapixels",
    async () => {
      await expect(face.describe(noFacePng(), 1)).rejects.toBeInstanceOf(VisionTimeout);
      expect(await face.describe(noFacePng(), SLOW)).toEqual({ width: 480, height: 360, faces: [] });
      expect(await face.describe(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), SLOW)).toEqual({ error: "image_unreadable" });
      const header = Buffer.alloc(33);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
      header.writeUInt32BE(13, 8);
      header.write("IHDR", 12, "latin1");
      header.writeUInt32BE(10_000, 16);
      header.writeUInt32BE(10_000, 20);
      expect(await face.describe(header, SLOW)).toEqual({ error: "image_too_large" });
      expect(face.loadMs).toBeGreaterThan(0);
    },
    SLOW,
  );
});
