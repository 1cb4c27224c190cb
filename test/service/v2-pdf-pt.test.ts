// The PDF report in Portuguese throughout (issue 29, item 2): a full dossier with the CNH read, the
// face match and the biometric reference prints the console's labels (no English word, no code)
// and keeps a section on the page before when it fits there.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { verificationFeedbacks } from "../../server/db/schema";

const PERSON = sandboxDocumentFor("large_network", "person")!.document;
const dir = mkdtempSync(path.join(tmpdir(), "lupa-pdf-pt-"));

let t: TestService;
beforeAll(async () => {
  t = await startService();
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function completed(body: Record<string, unknown>) {
  const res = await t.request({ method: "POST", url: "/api/v2/verifications", token: t.workspace.tokens.analyst, body });
  expect(res.statusCode).toBe(201);
  return eventually(
    () =>
      t.request({ method: "GET", url: `/api/v2/verifications/${res.json().id}`, token: t.workspace.tokens.analyst }).then((r) => r.json()),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
  );
}

async function reportOf(id: string): Promise<string> {
  const res = await t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.analyst });
  expect(res.statusCode).toBe(200);
  const file = path.join(dir, `${id}.pdf`);
  writeFileSync(file, res.rawPayload);
  return file;
}

const text = (file: string) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });

/** The words of each page with their boxes (pdftotext -bbox), in reading order. */
function wordsOf(file: string): { page: number; word: string; yMin: number; yMax: number }[][] {
  const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  return html
    .split("<page ")
    .slice(1)
    .map((page, i) =>
      [...page.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        page: i + 1,
        word: m[3]!,
        yMin: Number(m[1]),
        yMax: Number(m[2]),
      })),
    );
}

// The page's geometry (layout.ts): the footer's text sits below FOOTER_TOP, the content ends at BOTTOM.
const FOOTER_TOP = 841.89 - 48 - 10;
const BOTTOM = 841.89 - 48 - 18;

/** The blocks the vision steps and the biometrics dataset write, as server/vision/steps.ts does. */
const VISION = {
  cnh: {
    name: "MARIA DA SILVA",
    cpf: PERSON,
    registrationNumber: "04512378901",
    category: "AB",
    expiryDate: "2024-10-12",
    birthDate: "1980-03-02",
    expired: true,
    comparison: { name: "different", cpf: "equal", birthDate: "different" },
    ocrConfidence: 87,
  },
  faceRecognition: { faceDetected: true, facesDetected: 1, similarity: 0.6123, match: true, threshold: 0.55, comparedWith: "cnh" },
  biometrics: { reference: { photoId: "sandbox-face-05", capturedAt: "2024-05-01", source: "sandbox" } },
};

/** English words of the labels the report printed before (issue 29), as whole words. */
const ENGLISH = [
  "Expired",
  "Category",
  "Comparison",
  "equal",
  "different",
  "missing",
  "Expiry",
  "Date",
  "Ocr",
  "Confidence",
  "Registration",
  "Number",
  "Match",
  "Similarity",
  "Threshold",
  "Compared",
  "With",
  "Face",
  "Faces",
  "Detected",
  "Reference",
  "Source",
  "Photo",
  "Id",
  "At",
  "Captured",
  "Name",
  "Birth",
  "true",
  "false",
  "sandbox",
  "cnh",
  "biometrics",
];

describe("the PDF report of a dossier with CNH and face match", () => {
  let file: string;
  beforeAll(async () => {
    const v = await completed({ nationalId: PERSON, profileId: "prf_kyc_person", verifications: {} });
    expect(v.status).toBe("COMPLETED");
    await t.services.db.execute(sql`update verifications set dossier = dossier || ${JSON.stringify(VISION)}::jsonb where id = ${v.id}`);
    file = await reportOf(v.id);
  }, 180_000);

  it("has no English word of the closed list and no snake_case code", () => {
    const all = text(file);
    for (const word of ENGLISH) expect(all, word).not.toMatch(new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, "u"));
    // snake_case (face_mismatch, prf_kyc_person) and camelCase (comparedWith, ocrConfidence) codes
    expect(all).not.toMatch(/\b[a-z]+_[a-z0-9_]+\b/);
    expect(all).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
  });
});

describe("the PDF report's pages", () => {
  it("keep Biometria on one page, and on the page before when it fits there, wherever the sections before it end", async () => {
    // a dossier of the registry and the vision blocks, after a decision history that grows one
    // row at a time: Biometria moves down the page, then onto the next, one row's height a step
    const v = await completed({ nationalId: PERSON, profileId: "prf_kyc_person", verifications: { ia: { resume: false } } });
    await t.services.db.execute(
      sql`update verifications set dossier = jsonb_build_object('profile', dossier -> 'profile') || ${JSON.stringify(VISION)}::jsonb where id = ${v.id}`,
    );
    const findings: string[] = [];
    let startedAPage = 0;
    for (let decisions = 0; decisions <= 48; decisions++) {
      if (decisions > 0)
        await t.services.db.insert(verificationFeedbacks).values({
          id: randomUUID(),
          workspaceId: t.workspace.id,
          verificationId: v.id,
          status: "STANDBY",
          comment: null,
          reasons: [],
          userId: t.workspace.users.analyst.id,
          createdAt: new Date(Date.now() - decisions * 1000),
        });
      const pages = wordsOf(await reportOf(v.id)).map((words) => words.filter((w) => w.yMin < FOOTER_TOP));
      const all = pages.flat();
      // the section's title is the biggest "Biometria"; the section runs to the next title of that size
      const high = (w: { yMin: number; yMax: number }) => w.yMax - w.yMin;
      const title = all.filter((w) => w.word === "Biometria").sort((a, b) => high(b) - high(a))[0]!;
      const rest = all.slice(all.indexOf(title) + 1);
      const next = rest.findIndex((w) => high(w) >= high(title) - 0.5);
      const section = next < 0 ? rest : rest.slice(0, next);
      expect(section.length, `${decisions} decisions`).toBeGreaterThan(3);
      const last = section.at(-1)!;
      if (last.page !== title.page) {
        findings.push(`${decisions} decisions: Biometria starts on page ${title.page} and ends on page ${last.page}`);
        continue;
      }
      const page = pages[title.page - 1]!;
      if (title.page > 1 && page[0] === title) {
        startedAPage++;
        const before = pages[title.page - 2]!;
        const room = BOTTOM - Math.max(...before.map((w) => w.yMax));
        const height = last.yMax - title.yMin;
        // the space between the sections (the title's margin) is under 25 points
        if (room >= height + 25)
          findings.push(
            `${decisions} decisions: Biometria (${height.toFixed(0)} pt) starts page ${title.page}, ${room.toFixed(0)} pt left on the one before`,
          );
      }
    }
    expect(findings).toEqual([]);
    // the sweep crossed a page's end: Biometria moved to a new page at least once, as it had to
    expect(startedAPage).toBeGreaterThan(0);
  }, 300_000);
});
