// The demo's feature data (issue 20): what a newcomer's first start needs so that every page of the
// console has something to show. Made through the service's own code paths (the v2 engine, the
// restrictive list, v3 enrichments and batches, the review's assignments, notes and decisions),
// never by writing results by hand; only times are moved into the past. docs/sandbox.md, "Demo
// data", says what each item shows.
//
// Two parts:
// - seedDemoFeatures, inside the first start's seed: what needs no finished case (list entries,
//   vision cases, enrichments, a batch, assignments, a note). Quick: it only creates work.
// - settleDemo, in the background after the start: waits for the chosen cases to finish, then
//   records the decisions over the past days and puts one assigned case past its SLA. It runs on
//   every start of the demo workspace until its decisions exist (a start stopped halfway finishes
//   it on the next one), and never twice.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { and, count, eq, inArray, isNull, lt } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Services } from "../context";
import type { TokenClaims } from "../auth/tokens";
import { caseNotes, users, verificationFeedbacks, verifications, workspaces } from "../db/schema";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { DEFAULT_REASONS } from "../../lib/contract/review";
import type { FeedbackDecision } from "../../lib/contract/v2-review";
import { insertEntries } from "../v2/blacklist/store";
import { createEnrichment } from "../v3/enrichments/create";
import { parseCreateBody } from "../v3/enrichments/schemas";
import { createBatch } from "../v3/batch/create";
import { parseBatchBody } from "../v3/batch/validate";
import { parseAllowList } from "../callbacks/destination";
import { assignCase } from "../review/assignment/store";
import { callerEvent, recordEvent } from "../review/audit/record";
import { createFeedback } from "../decisions/store";
import { orderedFlags } from "../review/flags";
import { readSample, referencePhotoFor, REFERENCE_PHOTOS, type ReferencePhoto } from "../providers/face/references";
import { sandboxDocument } from "../datasets/sandbox/behaviours";
import { createSandboxProvider } from "../datasets/sandbox";
import { toPersonProfile } from "../datasets/dossier";

const require = createRequire(import.meta.url);
const jpeg = require("jpeg-js") as {
  decode(data: Buffer, opts: { useTArray: true }): { width: number; height: number; data: Uint8Array };
  encode(image: { data: Buffer; width: number; height: number }, quality: number): { data: Buffer };
};

/** The documents the demo's features use (all valid; the sandbox answers them). */
export const DEMO_FEATURES = {
  /** CNH drawn for this holder (server/tenancy/demo-cnh.png: her name, CPF and birth date) with a selfie of the same face. */
  cnh: makeCpf("529982247"),
  /** A selfie of the face the sandbox keeps for this CPF: match. */
  faceMatch: makeCpf("390533447"),
  /** A selfie of someone else: face_mismatch. */
  faceMismatch: makeCpf("153509460"),
  /** On the workspace's restrictive list before its case is created: the case shows the listing. */
  listed: makeCpf("111444777"),
  /** List entries that match no case. */
  listedOthers: [makeCpf("987654321"), makeCnpj("112223330001")],
  /** v3 enrichments: completed, failed (permanent failure), retrying (recovery rounds). */
  enrichmentCompleted: makeCpf("246813579"),
  enrichmentFailed: byBehaviour("permanent_failure", "person"),
  enrichmentRetrying: byBehaviour("exhausts_rounds", "person"),
  /** The lawsuit network's large example (300+ parties). */
  largeNetwork: byBehaviour("huge_network", "company"),
  /** A v3 batch (two of its lines refer to sandbox behaviours). */
  batch: [makeCpf("100200300"), makeCpf("300200100"), makeCpf("505050505"), byBehaviour("holder_not_found", "person")],
};

function byBehaviour(name: string, entity: "person" | "company"): string {
  // the sandbox's documented pattern (docs/sandbox.md): CPF 000000NN8 (São Paulo), CNPJ 000000NN0001
  const numbers: Record<string, number> = { holder_not_found: 1, exhausts_rounds: 4, permanent_failure: 5, huge_network: 12 };
  const n = String(numbers[name]).padStart(2, "0");
  const document = entity === "person" ? makeCpf(`000000${n}8`) : makeCnpj(`000000${n}0001`);
  if (sandboxDocument(document)?.name !== name) throw new Error(`not the sandbox's ${name} document: ${document}`);
  return document;
}

/** A JPEG of a reference photo's face: its region grown by `grow` on each side, scaled by `scale` (another picture of the same face). */
export function faceJpeg(photo: ReferencePhoto, grow = 0, scale = 1): Buffer {
  const image = jpeg.decode(readSample(photo.sample), { useTArray: true });
  const r = photo.region;
  const x0 = Math.max(0, Math.round(r.x - r.width * grow));
  const y0 = Math.max(0, Math.round(r.y - r.height * grow));
  const x1 = Math.min(image.width, Math.round(r.x + r.width * (1 + grow)));
  const y1 = Math.min(image.height, Math.round(r.y + r.height * (1 + grow)));
  const width = Math.round((x1 - x0) * scale);
  const height = Math.round((y1 - y0) * scale);
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const si =
        ((y0 + Math.min(y1 - y0 - 1, Math.floor(y / scale))) * image.width + x0 + Math.min(x1 - x0 - 1, Math.floor(x / scale))) * 4;
      const di = (y * width + x) * 4;
      out[di] = image.data[si]!;
      out[di + 1] = image.data[si + 1]!;
      out[di + 2] = image.data[si + 2]!;
      out[di + 3] = 255;
    }
  }
  return jpeg.encode({ data: out, width, height }, 85).data;
}

/**
 * The selfies the project ships beside the CNH card, cut once with faceJpeg from face-api's sample
 * photos (decoding those samples in JavaScript took about 6 s of the first start on a loaded
 * machine). `cutSelfie(DEMO_SELFIES.x)` makes the file again.
 */
export const DEMO_SELFIES = {
  /** The CNH holder's face (her reference photo, the one printed on the card), another framing. */
  cnh: { file: "demo-selfie-cnh.jpg", document: "cnh", other: false, grow: 0.25, scale: 0.8 },
  /** The reference photo's face of DEMO_FEATURES.faceMatch, another framing. */
  match: { file: "demo-selfie-match.jpg", document: "faceMatch", other: false, grow: 0.2, scale: 1 },
  /** A face from another sample photo than DEMO_FEATURES.faceMismatch's: someone else. */
  mismatch: { file: "demo-selfie-mismatch.jpg", document: "faceMismatch", other: true, grow: 0.2, scale: 1 },
} as const;

export function cutSelfie(spec: (typeof DEMO_SELFIES)[keyof typeof DEMO_SELFIES]): Buffer {
  const own = referencePhotoFor(DEMO_FEATURES[spec.document]);
  return faceJpeg(spec.other ? otherFace(own) : own, spec.grow, spec.scale);
}

/** An image the project ships beside this file (copied beside the bundles by scripts/build-server.mjs). */
function demoImage(file: string): Buffer {
  return readFileSync(new URL(`./${file}`, import.meta.url));
}

/** An answer that is never sent: the v3 creation then returns at once (202) and the enrichment goes on in the workers. */
const DETACHED = {
  raw: { socket: null, destroyed: true, writableFinished: false, once() {}, removeListener() {} },
} as unknown as FastifyReply;

export interface DemoPeople {
  workspaceId: string;
  admin: TokenClaims;
  analysts: [TokenClaims, TokenClaims];
}

/** Part one, in the first start's seed. `createCase` makes one v2 case the way the seed makes all of them. */
export async function seedDemoFeatures(
  s: Services,
  people: DemoPeople,
  createCase: (nationalId: string, extra?: Record<string, unknown>) => Promise<string>,
): Promise<void> {
  const [bruno, second] = people.analysts;
  const f = DEMO_FEATURES;

  // restrictive list first, so the listed holder's case is created listed
  const listedName = await holderName(f.listed);
  await s.db.transaction((tx) =>
    insertEntries(
      tx,
      bruno,
      [
        { nationalId: f.listed, entity: "person", name: listedName, reason: "Fraude confirmada em proposta anterior", expiresAt: null },
        { nationalId: f.listedOthers[0]!, entity: "person", name: null, reason: "Chargeback recorrente", expiresAt: null },
        {
          nationalId: f.listedOthers[1]!,
          entity: "company",
          name: "Comercial Exemplo Ltda",
          reason: "Documentação adulterada",
          expiresAt: new Date(Date.UTC(new Date().getUTCFullYear() + 1, 11, 31, 3)), // 31/12 of next year, midnight in Brasília
        },
      ],
      "api",
    ),
  );

  // documents and biometrics: a CNH read, a face that matches, a face that does not
  const b64 = (bytes: Buffer) => bytes.toString("base64");
  const selfie = (spec: (typeof DEMO_SELFIES)[keyof typeof DEMO_SELFIES]) => ({
    imageBase64: b64(demoImage(spec.file)),
    filename: "selfie.jpg",
  });
  const cases = {
    listed: await createCase(f.listed),
    cnh: await createCase(f.cnh, { cnh: { imageBase64: b64(demoImage("demo-cnh.png")) }, faceRecognition: selfie(DEMO_SELFIES.cnh) }),
    faceMatch: await createCase(f.faceMatch, { faceRecognition: selfie(DEMO_SELFIES.match) }),
    faceMismatch: await createCase(f.faceMismatch, { faceRecognition: selfie(DEMO_SELFIES.mismatch) }),
  };

  // v3 enrichments, one batch and the large network
  const allowList = parseAllowList("");
  for (const [document, profileId, label] of [
    [f.enrichmentCompleted, "prf_person_complete", "concluída"],
    [f.enrichmentFailed, "prf_person_complete", "falha permanente"],
    [f.enrichmentRetrying, "prf_person_complete", "em nova tentativa"],
    [f.largeNetwork, "prf_company_complete", "rede grande"],
  ] as const) {
    const input = parseCreateBody({ document, profileId, metadata: { origem: "demo", exemplo: label } }, allowList);
    await createEnrichment(s, bruno, input, null, DETACHED);
  }
  await createBatch(
    s,
    second,
    parseBatchBody(
      {
        profileId: "prf_person_registry",
        items: f.batch.map((document, i) => ({ document, metadata: { origem: "demo", linha: i + 1 } })),
      },
      allowList,
    ),
    null,
  );

  // team review: assigned cases (one per analyst at least) and a note
  await assignCase(s.db, people.admin, cases.cnh, { userId: bruno.userId }, null);
  await assignCase(s.db, people.admin, cases.faceMismatch, { userId: second.userId }, null);
  await assignCase(s.db, people.admin, cases.listed, { userId: second.userId }, null);
  await s.db.transaction(async (tx) => {
    const [note] = await tx
      .insert(caseNotes)
      .values({
        id: randomUUID(),
        workspaceId: people.workspaceId,
        verificationId: cases.faceMismatch,
        authorId: second.userId,
        text: "Selfie não confere com a foto de referência. Pedi ao cliente um novo envio com documento em mãos.",
      })
      .returning();
    await recordEvent(
      tx,
      callerEvent(second, null, "note.created", { caseId: cases.faceMismatch, data: { noteId: note!.id, length: note!.text.length } }),
    );
  });
}

/** The sandbox holder's name (deterministic), as a list entry would carry it. */
async function holderName(document: string): Promise<string | null> {
  const answer = await createSandboxProvider().fetch({
    entity: "person",
    module: "profile",
    version: "2.0",
    document,
    attempt: 1,
    round: 0,
  });
  return answer.kind === "ok" ? toPersonProfile(answer.data, { clientListed: false }).name || null : null;
}

function otherFace(own: ReferencePhoto): ReferencePhoto {
  return REFERENCE_PHOTOS.find((p) => p.sample !== own.sample)!;
}

/** The decisions of the demo: which case (by its place among the finished ones), who, what, how many days ago. */
const DECISIONS: { status: FeedbackDecision; days: number; by: 0 | 1; comment?: string }[] = [
  { status: "APPROVED", days: 6, by: 0 },
  { status: "APPROVED", days: 5, by: 1 },
  { status: "REPROVED", days: 5, by: 0, comment: "Situação cadastral não confere com a proposta." },
  { status: "APPROVED", days: 4, by: 0 },
  { status: "STANDBY", days: 3, by: 1, comment: "Aguardando comprovante de endereço." },
  { status: "APPROVED", days: 2, by: 1 },
  { status: "REPROVED", days: 2, by: 1 },
  { status: "WAIVED", days: 1, by: 0 },
  { status: "APPROVED", days: 1, by: 0 },
  { status: "APPROVED", days: 0, by: 1 },
];

/** The demo workspace's people, found again on a later start (null: no demo workspace). */
async function demoPeople(s: Services): Promise<DemoPeople | null> {
  const [ws] = await s.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, "Demo")).limit(1);
  if (!ws) return null;
  const rows = await s.db.select().from(users).where(eq(users.workspaceId, ws.id));
  const claims = (email: string): TokenClaims | null => {
    const u = rows.find((r) => r.email === email);
    return u ? { userId: u.id, workspaceId: ws.id, role: u.role as TokenClaims["role"], email: u.email, version: 0 } : null;
  };
  const admin = claims("admin@lupa.local");
  const a = claims("analyst@lupa.local");
  const b = claims("analyst2@lupa.local");
  return admin && a && b ? { workspaceId: ws.id, admin, analysts: [a, b] } : null;
}

/**
 * Part two, after the start: once the cases it needs have finished (or after `waitMs`), records
 * the decisions and moves them into the past days, and puts an assigned, undecided case past its
 * SLA. Does nothing when the demo workspace already has decisions. Stops early on `signal`.
 */
export async function settleDemo(s: Services, signal: AbortSignal, waitMs = 180_000): Promise<"settled" | "skipped"> {
  const people = await demoPeople(s);
  if (!people) return "skipped";
  const ws = people.workspaceId;
  const [decided] = await s.db.select({ n: count() }).from(verificationFeedbacks).where(eq(verificationFeedbacks.workspaceId, ws));
  if ((decided?.n ?? 0) > 0) return "skipped";

  // ordinary finished cases of the seed, oldest first, away from the features' own documents. The
  // seed moves every case it creates at least an hour into the past: a case created since (a
  // person's first verification, or a test's, while this waits for the seed's cases) is never
  // decided nor assigned by the demo
  const features = new Set<string>([DEMO_FEATURES.cnh, DEMO_FEATURES.faceMatch, DEMO_FEATURES.faceMismatch, DEMO_FEATURES.listed]);
  const seededBefore = new Date(Date.now() - 30 * 60_000);
  const until = Date.now() + waitMs;
  let candidates: { id: string; riskFlags: string[] }[] = [];
  while (!signal.aborted) {
    const rows = await s.db
      .select({ id: verifications.id, nationalId: verifications.nationalId, riskFlags: verifications.riskFlags })
      .from(verifications)
      .where(
        and(
          eq(verifications.workspaceId, ws),
          eq(verifications.status, "COMPLETED"),
          isNull(verifications.assigneeId),
          lt(verifications.createdAt, seededBefore),
        ),
      )
      .orderBy(verifications.createdAt);
    candidates = rows.filter((r) => !features.has(r.nationalId) && !sandboxDocument(r.nationalId));
    if (candidates.length >= DECISIONS.length + 1 || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (signal.aborted) return "skipped";

  const day = 24 * 3600_000;
  for (const [i, d] of DECISIONS.entries()) {
    const c = candidates[i];
    if (!c || signal.aborted) break;
    const who = people.analysts[d.by];
    await createFeedback(
      s.db,
      who,
      c.id,
      {
        status: d.status,
        reasons: [DEFAULT_REASONS[d.status][i % DEFAULT_REASONS[d.status].length]!],
        ...(d.comment ? { comment: d.comment } : {}),
        ...(d.status === "APPROVED" ? { acknowledgedFlags: orderedFlags(c.riskFlags) } : {}),
      },
      null,
    );
    // in the past: the decision during the working day d.days ago, after the case became decidable
    const at = new Date(Date.now() - d.days * day - (i % 3) * 3600_000);
    await s.db.update(verificationFeedbacks).set({ createdAt: at }).where(eq(verificationFeedbacks.verificationId, c.id));
    await s.db
      .update(verifications)
      .set({ createdAt: new Date(at.getTime() - 5 * 3600_000), reviewStartedAt: new Date(at.getTime() - 4 * 3600_000), firstDecidedAt: at })
      .where(eq(verifications.id, c.id));
    s.records.invalidate(c.id);
  }

  // past its SLA: the next finished case, assigned to the first analyst, became decidable 30 h ago
  const late = candidates[DECISIONS.length];
  if (late && !signal.aborted) {
    await assignCase(s.db, people.admin, late.id, { userId: people.analysts[0].userId }, null);
    await s.db
      .update(verifications)
      .set({ createdAt: new Date(Date.now() - 31 * 3600_000), reviewStartedAt: new Date(Date.now() - 30 * 3600_000) })
      .where(inArray(verifications.id, [late.id]));
    s.records.invalidate(late.id);
  }
  return "settled";
}
