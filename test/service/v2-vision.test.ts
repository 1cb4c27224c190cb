// v2 face recognition and CNH reading (spec 2.2, 3.1): real models (tesseract.js, face-api on
// tfjs wasm) on images the test draws (CNH cards) or cuts from face-api's sample photos. The
// models load once for this file; every verification here runs them for real.
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService } from "../support/harness";
import { startHttpsReceiver, type HttpsReceiver } from "../support/https-receiver";
import { faceJpeg, hugeGrayPng, noFacePng, renderCnh } from "../support/vision-images";
import { createSandboxProvider } from "../../server/datasets/sandbox";
import { toPersonProfile } from "../../server/datasets/dossier";
import { formatDocument, makeCnpj, makeCpf } from "../../lib/contract/documents";
import { profiles, verificationImages } from "../../server/db/schema";
import { REFERENCE_PHOTOS, referencePhotoFor } from "../../server/providers/face/references";
import { createVerification } from "../../server/v2/verifications/create";
import type { TokenClaims } from "../../server/auth/tokens";

const MAX_BYTES = 1_500_000;
/** Tests that run the models: generous, for a loaded 2-core machine (the first also loads them). */
const MODEL_TEST_MS = 300_000;
let t: TestService;
let receiver: HttpsReceiver;
let caDir: string;
const served = new Map<string, { type: string; body: Buffer; status?: number; location?: string }>();

beforeAll(async () => {
  receiver = await startHttpsReceiver((req, res) => {
    const item = served.get(req.path);
    if (!item) return void res.writeHead(404).end();
    res.writeHead(item.status ?? 200, { "content-type": item.type, ...(item.location ? { location: item.location } : {}) }).end(item.body);
  });
  caDir = mkdtempSync(path.join(tmpdir(), "lupa-vision-ca-"));
  writeFileSync(path.join(caDir, "ca.pem"), receiver.ca);
  t = await startService({
    env: {
      LUPA_CALLBACK_ALLOW_LIST: "127.0.0.1",
      LUPA_CALLBACK_CA_FILE: path.join(caDir, "ca.pem"),
      LUPA_IMAGE_MAX_BYTES: String(MAX_BYTES),
      // a loaded CI machine: the first image also loads the model
      LUPA_OCR_TIMEOUT_MS: "240000",
      LUPA_FACE_TIMEOUT_MS: "240000",
    },
  });
  await t.services.db.insert(profiles).values({
    id: "prf_vision_no_biometrics",
    workspaceId: t.workspace.id,
    name: "Sem biometria",
    kind: "verification",
    entity: "person",
    billingAction: "verification.person",
    modules: { profile: { dataset: "person-profile-2.0" } },
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  if (caDir) rmSync(caDir, { recursive: true, force: true });
});

const CPF = makeCpf("529982247");
const OTHER_CPF = makeCpf("111444777");
const b64 = (bytes: Buffer) => bytes.toString("base64");
const create = (body: unknown, token = t.workspace.tokens.analyst) =>
  t.request({ method: "POST", url: "/api/v2/verifications", token, body });
const get = (id: string) =>
  t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token: t.workspace.tokens.analyst }).then((r) => r.json());

/** Polls until terminal, recording every status seen on the way. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record read from JSON
async function follow(id: string): Promise<{ record: Record<string, any>; seen: string[] }> {
  const seen: string[] = [];
  const record = await eventually(
    async () => {
      const r = await get(id);
      if (seen.at(-1) !== r.status) seen.push(r.status);
      return r;
    },
    (r) => r.status === "COMPLETED" || r.status === "FAILED",
    MODEL_TEST_MS - 10_000,
  );
  return { record, seen };
}

async function registryOf(document: string) {
  const result = await createSandboxProvider().fetch({
    entity: "person",
    module: "profile",
    version: "2.0",
    document,
    attempt: 1,
    round: 0,
  });
  if (result.kind !== "ok") throw new Error(result.kind);
  return toPersonProfile(result.data, { clientListed: false });
}

const brDate = (iso: string) => iso.split("-").reverse().join("/");

function serve(name: string, type: string, body: Buffer, extra: { status?: number; location?: string } = {}): string {
  served.set(`/${name}`, { type, body, ...extra });
  return `${receiver.url}/${name}`;
}

// Two faces of different people (different sample photos), and one of them cut twice.
const FACE_A = REFERENCE_PHOTOS[4]!; // sample3.jpg
const FACE_B = REFERENCE_PHOTOS[13]!; // sample6.jpg

describe("CNH reading and face match against the CNH photo", () => {
  it(
    "reads an agreeing CNH (status through CNH_EXTRACT) and matches the face on it; the images are then deleted",
    async () => {
      const registry = await registryOf(CPF);
      const card = await renderCnh({
        name: registry.name.toUpperCase(),
        cpf: formatDocument(CPF),
        birthDate: brDate(registry.birthDate),
        registrationNumber: "04512378901",
        expiryDate: "12/10/2031",
        category: "AB",
        photo: faceJpeg(FACE_A),
      });
      const selfieUrl = serve("selfie-a.jpg", "image/jpeg", faceJpeg(FACE_A, 0.25, 0.8));
      const res = await create({
        nationalId: formatDocument(CPF),
        profileId: "prf_kyc_person",
        verifications: { cnh: { imageBase64: b64(card) }, faceRecognition: { imageURL: selfieUrl, filename: "selfie.jpg" } },
      });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created.verifications.cnh).toEqual({ contentType: "image/png", size: card.length });
      expect(created.verifications.faceRecognition).toMatchObject({
        imageURL: selfieUrl,
        filename: "selfie.jpg",
        contentType: "image/jpeg",
      });
      expect(JSON.stringify(created)).not.toContain(b64(card).slice(0, 100));

      const { record, seen } = await follow(created.id);
      expect(record.status).toBe("COMPLETED");
      expect(seen).toContain("CNH_EXTRACT");
      expect(seen.indexOf("CNH_EXTRACT")).toBeGreaterThan(seen.indexOf("CREATED"));
      expect(record.person.cnh).toMatchObject({
        cpf: CPF,
        registrationNumber: "04512378901",
        category: "AB",
        expiryDate: "2031-10-12",
        birthDate: registry.birthDate,
        expired: false,
        comparison: { name: "equal", cpf: "equal", birthDate: "equal" },
      });
      expect(record.person.cnh.name).toBe(registry.name.toUpperCase());
      expect(record.person.faceRecognition).toMatchObject({ faceDetected: true, match: true, threshold: 0.55, comparedWith: "cnh" });
      expect(record.person.faceRecognition.similarity).toBeGreaterThanOrEqual(0.55);
      expect(record.person.biometrics.reference.photoId).toBe(referencePhotoFor(CPF).id);
      for (const rule of ["cnh_data_mismatch", "cnh_unreadable", "cnh_expired", "face_mismatch", "face_not_detected"])
        expect(record.result.rules).not.toContain(rule);
      const left = await t.services.db.select().from(verificationImages).where(eq(verificationImages.verificationId, created.id));
      expect(left).toEqual([]);
    },
    MODEL_TEST_MS,
  );

  it(
    "fires cnh_data_mismatch for a disagreeing CNH and face_mismatch for another person's face",
    async () => {
      const registry = await registryOf(CPF);
      const card = await renderCnh({
        name: "ROBERTO CARLOS PEREIRA",
        cpf: formatDocument(CPF),
        birthDate: "01/02/1970",
        registrationNumber: "98765432100",
        expiryDate: "05/03/2030",
        category: "B",
        photo: faceJpeg(FACE_A),
      });
      expect(registry.birthDate).not.toBe("1970-02-01");
      const res = await create({
        nationalId: CPF,
        profileId: "prf_kyc_person",
        verifications: {
          cnh: { imageURL: serve("cnh-b.png", "image/png", card) },
          faceRecognition: { imageBase64: b64(faceJpeg(FACE_B, 0.2)) },
        },
      });
      expect(res.statusCode).toBe(201);
      const { record } = await follow(res.json().id);
      expect(record.status).toBe("COMPLETED");
      expect(record.person.cnh).toMatchObject({
        name: "ROBERTO CARLOS PEREIRA",
        cpf: CPF,
        birthDate: "1970-02-01",
        category: "B",
        comparison: { name: "different", cpf: "equal", birthDate: "different" },
      });
      expect(record.person.faceRecognition).toMatchObject({ faceDetected: true, match: false, comparedWith: "cnh" });
      expect(record.person.faceRecognition.similarity).toBeLessThan(0.55);
      expect(record.result.rules).toEqual(expect.arrayContaining(["cnh_data_mismatch", "face_mismatch"]));
      const modules = record.result.scoreDistribution.map((d: { module: string }) => d.module);
      expect(modules).toEqual(expect.arrayContaining(["cnh", "faceRecognition"]));
    },
    MODEL_TEST_MS,
  );
});

describe("face match against the biometrics dataset's reference photo", () => {
  it(
    "matches another picture of the document's reference face, and not someone else's",
    async () => {
      const reference = referencePhotoFor(OTHER_CPF);
      const stranger = REFERENCE_PHOTOS.find((p) => p.sample !== reference.sample)!;
      const same = (
        await create({
          nationalId: OTHER_CPF,
          profileId: "prf_kyc_person",
          verifications: { faceRecognition: { imageBase64: b64(faceJpeg(reference, 0.3, 0.7)) } },
        })
      ).json();
      const other = (
        await create({
          nationalId: OTHER_CPF,
          profileId: "prf_kyc_person",
          verifications: { faceRecognition: { imageBase64: b64(faceJpeg(stranger, 0.1)) } },
        })
      ).json();
      const a = (await follow(same.id)).record;
      expect(a.person.faceRecognition).toMatchObject({ faceDetected: true, match: true, comparedWith: "biometrics" });
      expect(a.person.biometrics.reference.photoId).toBe(reference.id);
      expect(a.person.cnh).toBeUndefined();
      const b = (await follow(other.id)).record;
      expect(b.person.faceRecognition).toMatchObject({ faceDetected: true, match: false, comparedWith: "biometrics" });
      expect(b.result.rules).toContain("face_mismatch");
      expect(b.result.score).toBeLessThan(a.result.score);
    },
    MODEL_TEST_MS,
  );

  it(
    "fires face_not_detected for a picture without a face",
    async () => {
      const res = await create({
        nationalId: CPF,
        profileId: "prf_kyc_person",
        verifications: { faceRecognition: { imageBase64: b64(noFacePng()), filename: "wall.png" } },
      });
      const { record } = await follow(res.json().id);
      expect(record.status).toBe("COMPLETED");
      expect(record.person.faceRecognition).toEqual({
        faceDetected: false,
        facesDetected: 0,
        similarity: null,
        match: false,
        threshold: 0.55,
        comparedWith: null,
      });
      expect(record.result.rules).toContain("face_not_detected");
    },
    MODEL_TEST_MS,
  );
});

describe("refusals (400, nothing created)", () => {
  const png = noFacePng(64, 64);
  const cases: [string, () => unknown, string][] = [
    [
      "faceRecognition without the biometrics module",
      () => ({ nationalId: CPF, profileId: "prf_vision_no_biometrics", verifications: { faceRecognition: { imageBase64: b64(png) } } }),
      "verifications.faceRecognition requires the biometrics module, which this profile does not have",
    ],
    [
      "faceRecognition without a profile",
      () => ({ nationalId: CPF, verifications: { faceRecognition: { imageBase64: b64(png) } } }),
      "verifications.faceRecognition requires a scoring profile (profileId) with the biometrics module",
    ],
    [
      "biometrics disabled while faceRecognition is sent",
      () => ({
        nationalId: CPF,
        profileId: "prf_kyc_person",
        verifications: { modules: [{ name: "biometrics", enabled: false }], faceRecognition: { imageBase64: b64(png) } },
      }),
      "Module biometrics cannot be disabled when verifications.faceRecognition is sent",
    ],
    [
      "a CNH for a CNPJ",
      () => ({ nationalId: makeCnpj("112223330001"), profileId: "prf_kyb_company", verifications: { cnh: { imageBase64: b64(png) } } }),
      "verifications.cnh and verifications.faceRecognition are accepted only for a CPF",
    ],
    [
      "both imageURL and imageBase64",
      () => ({ nationalId: CPF, verifications: { cnh: { imageBase64: b64(png), imageURL: "https://127.0.0.1/x.png" } } }),
      "verifications.cnh takes imageURL or imageBase64, not both",
    ],
    [
      "neither imageURL nor imageBase64",
      () => ({ nationalId: CPF, profileId: "prf_kyc_person", verifications: { faceRecognition: { filename: "a.jpg" } } }),
      "verifications.faceRecognition needs imageURL or imageBase64",
    ],
    [
      "base64 that is not base64",
      () => ({ nationalId: CPF, verifications: { cnh: { imageBase64: "not base64!" } } }),
      "verifications.cnh.imageBase64 is not valid base64",
    ],
    [
      "an image that is neither JPEG nor PNG",
      () => ({ nationalId: CPF, verifications: { cnh: { imageBase64: b64(Buffer.from("GIF89a fake image bytes")) } } }),
      "verifications.cnh.imageBase64: the image must be a JPEG or a PNG",
    ],
    [
      "an image above the size cap",
      () => ({ nationalId: CPF, verifications: { cnh: { imageBase64: b64(Buffer.concat([png, Buffer.alloc(MAX_BYTES)])) } } }),
      `verifications.cnh.imageBase64: the image is larger than ${MAX_BYTES} bytes`,
    ],
    [
      "a 6,320 x 6,320 PNG of a few dozen kilobytes (39.9 megapixels) as CNH and face",
      () => {
        const huge = b64(hugeGrayPng(6320));
        return {
          nationalId: CPF,
          profileId: "prf_kyc_person",
          verifications: { cnh: { imageBase64: huge }, faceRecognition: { imageBase64: huge } },
        };
      },
      "verifications.cnh.imageBase64: the image is larger than 16 megapixels",
    ],
    [
      "an http imageURL",
      () => ({ nationalId: CPF, verifications: { cnh: { imageURL: "http://127.0.0.1/x.png" } } }),
      "verifications.cnh.imageURL must use https",
    ],
    [
      "a private address",
      () => ({ nationalId: CPF, verifications: { cnh: { imageURL: "https://10.1.2.3/x.png" } } }),
      "verifications.cnh.imageURL points to a refused destination",
    ],
    [
      "the metadata address",
      () => ({
        nationalId: CPF,
        profileId: "prf_kyc_person",
        verifications: { faceRecognition: { imageURL: "https://169.254.169.254/latest/meta-data", filename: "x.jpg" } },
      }),
      "verifications.faceRecognition.imageURL points to a refused destination",
    ],
    [
      "localhost",
      () => ({ nationalId: CPF, verifications: { cnh: { imageURL: "https://localhost/x.png" } } }),
      "verifications.cnh.imageURL points to a refused destination",
    ],
    [
      "IPv6 loopback",
      () => ({ nationalId: CPF, verifications: { cnh: { imageURL: "https://[::1]/x.png" } } }),
      "verifications.cnh.imageURL points to a refused destination",
    ],
    [
      "an imageURL answering 404",
      () => ({ nationalId: CPF, verifications: { cnh: { imageURL: `${receiver.url}/missing.png` } } }),
      "verifications.cnh.imageURL: the image could not be read",
    ],
    [
      "an imageURL that redirects",
      () => ({
        nationalId: CPF,
        verifications: {
          cnh: { imageURL: serve("moved.png", "text/plain", Buffer.alloc(0), { status: 302, location: "https://10.0.0.1/x.png" }) },
        },
      }),
      "verifications.cnh.imageURL: the image could not be read",
    ],
    [
      "an imageURL serving text",
      () => ({
        nationalId: CPF,
        verifications: { cnh: { imageURL: serve("page.png", "image/png", Buffer.from("<html>not an image</html>")) } },
      }),
      "verifications.cnh.imageURL: the image must be a JPEG or a PNG",
    ],
    [
      "an imageURL serving too much",
      () => ({
        nationalId: CPF,
        verifications: { cnh: { imageURL: serve("big.png", "image/png", Buffer.concat([png, Buffer.alloc(MAX_BYTES)])) } },
      }),
      `verifications.cnh.imageURL: the image is larger than ${MAX_BYTES} bytes`,
    ],
  ];
  it.each(cases)("%s", async (_name, body, message) => {
    const before = (await t.request({ method: "GET", url: "/api/v2/verifications", token: t.workspace.tokens.analyst })).json().total;
    const res = await create(body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect((await t.request({ method: "GET", url: "/api/v2/verifications", token: t.workspace.tokens.analyst })).json().total).toBe(before);
  });

  it("checks the role before fetching anything: a viewer gets 403 and the image server sees no request", async () => {
    const count = receiver.requests.length;
    const res = await create(
      { nationalId: CPF, verifications: { cnh: { imageURL: serve("viewer.png", "image/png", png) } } },
      t.workspace.tokens.viewer,
    );
    expect(res.statusCode).toBe(403);
    expect(receiver.requests.length).toBe(count);
  });

  it("the batch lane ignores cnh and faceRecognition (spec 4.2)", async () => {
    const caller = { userId: t.workspace.users.analyst.id, workspaceId: t.workspace.id, role: "analyst" } as TokenClaims;
    const row = await createVerification(
      t.services,
      caller,
      {
        nationalId: CPF,
        profileId: "prf_kyc_person",
        verifications: { cnh: { imageBase64: "ignored" }, faceRecognition: { imageURL: "https://10.0.0.1/x" } },
      },
      "batch",
    );
    expect(row.config).toMatchObject({ cnh: null, faceRecognition: null });
    const { record } = await follow(row.id);
    expect(record.status).toBe("COMPLETED");
    expect(record.person.cnh).toBeUndefined();
    expect(record.person.faceRecognition).toBeUndefined();
  });
});
