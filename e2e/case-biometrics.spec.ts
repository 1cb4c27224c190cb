import { formatDocument, maskDocument } from "@/lib/contract/documents";
import { createSandboxProvider } from "../server/datasets/sandbox";
import { toPersonProfile } from "../server/datasets/dossier";
import { REFERENCE_PHOTOS } from "../server/providers/face/references";
import { faceJpeg, noFacePng, renderCnh } from "../test/support/vision-images";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { expect, gotoCase, gotoHydrated, test } from "./support/fixtures";

// "Documentos e biometria" on the case page (docs/decisions.md, "v2 face recognition and CNH
// reading"): verifications with a CNH image and a face photo, drawn and cut the way the service's
// vision tests make them (test/support/vision-images.ts), run through the real models. Each run
// takes seconds to minutes on a busy two-core machine (the first one loads the models).

const VISION_MS = 420_000;
const FACE_A = REFERENCE_PHOTOS[4]!; // sample3.jpg
const FACE_B = REFERENCE_PHOTOS[13]!; // sample6.jpg
const b64 = (bytes: Buffer) => bytes.toString("base64");
const brDate = (iso: string) => iso.split("-").reverse().join("/");
const decimal = (value: number, digits: number) =>
  value.toLocaleString("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits });

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

interface FaceJson {
  faceDetected: boolean;
  facesDetected: number;
  similarity: number;
  match: boolean;
  threshold: number;
  comparedWith: string | null;
}

test("a CNH that disagrees on the name and a matching face: each field beside the registry, the marks, similarity and threshold", async ({
  page,
  api,
}) => {
  test.setTimeout(VISION_MS);
  const cpf = randomCpf();
  const registry = await registryOf(cpf);
  const card = await renderCnh({
    name: "ROBERTO CARLOS PEREIRA",
    cpf: formatDocument(cpf),
    birthDate: brDate(registry.birthDate),
    registrationNumber: "04512378901",
    expiryDate: "12/10/2031",
    category: "AB",
    photo: faceJpeg(FACE_A),
  });
  const selfie = faceJpeg(FACE_A, 0.25, 0.8);
  const created = await api.createVerification(cpf, {
    profileId: "prf_kyc_person",
    verifications: { cnh: { imageBase64: b64(card) }, faceRecognition: { imageBase64: b64(selfie) } },
  });
  const done = await api.waitUntilTerminal(created.id, VISION_MS - 60_000);
  expect(done.status).toBe("COMPLETED");
  const person = done.person as { cnh: Record<string, unknown>; faceRecognition: FaceJson; profile: { name: string } };
  expect(person.cnh).toMatchObject({ comparison: { name: "different", cpf: "equal", birthDate: "equal" }, category: "AB" });
  const face = person.faceRecognition;
  expect(face).toMatchObject({ faceDetected: true, match: true, comparedWith: "cnh" });

  await gotoCase(page, created.id);
  const section = page.getByTestId("documents-biometrics-section");
  await expect(section.getByRole("heading", { name: "Documentos e biometria" })).toBeVisible();
  const row = (field: string) => section.locator(`[data-testid="cnh-row"][data-field="${field}"]`);
  await expect(row("name").getByTestId("cnh-read")).toHaveText("ROBERTO CARLOS PEREIRA");
  await expect(row("name").getByTestId("cnh-registry")).toHaveText(person.profile.name);
  await expect(row("name").getByTestId("cnh-mark")).toHaveText("Diverge do cadastro");
  await expect(row("name").getByTestId("cnh-mark")).toHaveAttribute("data-comparison", "different");
  await expect(row("cpf").getByTestId("cnh-read")).toHaveText(maskDocument(cpf));
  await expect(row("cpf").getByTestId("cnh-registry")).toHaveText(maskDocument(cpf));
  await expect(row("cpf").getByTestId("cnh-mark")).toHaveText("Confere");
  await expect(row("birthDate").getByTestId("cnh-read")).toHaveText(brDate(registry.birthDate));
  await expect(row("birthDate").getByTestId("cnh-registry")).toHaveText(brDate(registry.birthDate));
  await expect(row("birthDate").getByTestId("cnh-mark")).toHaveText("Confere");
  await expect(section.getByTestId("cnh-registration")).toHaveText("04512378901");
  await expect(section.getByTestId("cnh-category")).toHaveText("AB");
  await expect(section.getByTestId("cnh-expiry")).toHaveText("12/10/2031(válida)");

  await expect(section.getByTestId("face-result")).toHaveText("Compatível");
  await expect(section.getByTestId("face-similarity")).toHaveText(
    `Similaridade ${decimal(face.similarity, 3)} · limite para compatível ${decimal(face.threshold, 2)}`,
  );
  await expect(
    section.getByRole("img", { name: `Similaridade facial: similaridade ${decimal(face.similarity, 3)}, limite 0,55 (de 0 a 1)` }),
  ).toBeVisible();
  await expect(section.getByTestId("face-compared-with")).toHaveText("Comparado com: o rosto da foto da CNH enviada na mesma verificação.");
  await expect(section.getByTestId("image-cnh")).toContainText(`CNH: image/png · ${decimal(card.length / 1024, 1)} KB`);
  await expect(section.getByTestId("image-face")).toContainText("Foto para comparação facial: image/jpeg");
  await expect(section.getByTestId("images-not-kept")).toHaveText(
    "As imagens não são guardadas: o serviço as apagou quando a verificação terminou. Restam só os metadados acima.",
  );
  await expect(section.locator("img")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "case page with documents and biometrics");

  // phone width: nothing runs past the right edge
  await page.setViewportSize({ width: 420, height: 900 });
  await expect(section).toBeVisible();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
});

test("another person's face is 'Incompatível', below the threshold", async ({ page, api }) => {
  test.setTimeout(VISION_MS);
  const cpf = randomCpf();
  const registry = await registryOf(cpf);
  const card = await renderCnh({
    name: registry.name.toUpperCase(),
    cpf: formatDocument(cpf),
    birthDate: "01/02/1970",
    registrationNumber: "98765432100",
    expiryDate: "05/03/2030",
    category: "B",
    photo: faceJpeg(FACE_A),
  });
  const created = await api.createVerification(cpf, {
    profileId: "prf_kyc_person",
    verifications: { cnh: { imageBase64: b64(card) }, faceRecognition: { imageBase64: b64(faceJpeg(FACE_B, 0.2)) } },
  });
  const done = await api.waitUntilTerminal(created.id, VISION_MS - 60_000);
  expect(done.status).toBe("COMPLETED");
  const face = (done.person as { faceRecognition: FaceJson }).faceRecognition;
  expect(face).toMatchObject({ faceDetected: true, match: false, comparedWith: "cnh" });

  await gotoHydrated(page, `/verifications/${created.id}`);
  const section = page.getByTestId("documents-biometrics-section");
  await expect(section.getByTestId("face-result")).toHaveText("Incompatível");
  await expect(section.getByTestId("face-similarity")).toHaveText(
    `Similaridade ${decimal(face.similarity, 3)} · limite para compatível ${decimal(face.threshold, 2)}`,
  );
  expect(face.similarity).toBeLessThan(face.threshold);
  const birth = section.locator('[data-testid="cnh-row"][data-field="birthDate"]');
  await expect(birth.getByTestId("cnh-read")).toHaveText("01/02/1970");
  await expect(birth.getByTestId("cnh-mark")).toHaveText("Diverge do cadastro");
});

test("a CNH with nothing to read and a photo without a face: 'não lido' marks and no face detected", async ({ page, api }) => {
  test.setTimeout(VISION_MS);
  const cpf = randomCpf();
  const created = await api.createVerification(cpf, {
    profileId: "prf_kyc_person",
    verifications: { cnh: { imageBase64: b64(noFacePng()) }, faceRecognition: { imageBase64: b64(noFacePng(320, 240)) } },
  });
  const done = await api.waitUntilTerminal(created.id, VISION_MS - 60_000);
  expect(done.status).toBe("COMPLETED");
  const person = done.person as { cnh: Record<string, unknown>; faceRecognition: FaceJson };
  expect(person.cnh).toMatchObject({
    name: null,
    cpf: null,
    birthDate: null,
    comparison: { name: "missing", cpf: "missing", birthDate: "missing" },
  });
  expect(person.faceRecognition).toMatchObject({ faceDetected: false });

  await gotoCase(page, created.id);
  const section = page.getByTestId("documents-biometrics-section");
  for (const field of ["name", "cpf", "birthDate"]) {
    const row = section.locator(`[data-testid="cnh-row"][data-field="${field}"]`);
    await expect(row.getByTestId("cnh-read")).toHaveText("não lido");
    await expect(row.getByTestId("cnh-mark")).toHaveText("não lido");
    await expect(row.getByTestId("cnh-mark")).toHaveAttribute("data-comparison", "missing");
  }
  await expect(section.getByTestId("cnh-registration")).toHaveText("não lido");
  await expect(section.getByTestId("face-result")).toHaveText("Nenhum rosto detectado");
  await expect(section.getByTestId("face-similarity")).toHaveCount(0);
  await expect(section.getByTestId("face-compared-with")).toHaveText("Sem rosto na foto enviada: nada foi comparado.");
  await expect(section.getByTestId("image-face")).toContainText("Foto para comparação facial: image/png");
  await expectNoSeriousA11yViolations(page, "case page, CNH not read");
});
