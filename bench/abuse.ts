// Benchmark: one user's abusive requests against the service (issue 21), each next to the idle
// figures of the same run. A separate process (bench/abuse-probe.mjs) sends a GET /health and an
// ordinary read (a page of GET /api/v2/verifications) every 100 ms and samples the service
// process's resident memory every 50 ms, so it keeps measuring while the service's event loop is
// blocked. Target: during each abuse both answer in under 200 ms and memory stays within 300 MB
// of idle. Cases (all by default):
//   pdf     1,500 decisions with a 2,000-character comment and 20 reasons of 100 characters
//           without spaces (written to the table directly, as if from before the decision cap;
//           the API's own cap is checked first), then GET /api/v2/verifications/{id}/pdf
//   csv     8 MiB of ",\n" to POST /api/v2/blacklist/import
//   png     a 6,320 x 6,320 grayscale PNG (about 40 KB) as both the CNH and the face of a
//           verification, until the verification is terminal or the creation is refused
//   png16   the same at 4,000 x 4,000, the largest accepted (16 MP), until terminal
//   sanctions  import-sanctions of a zip of one 300 MB line, then of a zip of 1.2 GB of valid rows
//   receita    import-cnpj of a month whose Estabelecimentos0.zip is one 500 MB line, then one whose
//              Estabelecimentos0.zip holds 8,774,502 copies of one establishment (issue 30)
// The importers run in this process, on the service's database, as the admin command would.
//   notes   one case's notes (issue 30): POST notes of 4,000 characters until refused (the rate
//           limit), 10,000 more of them written to the table directly (as stored before the cap),
//           a note past the cap (409), then eight readers at once each reading 20 pages of 50
//   views   saved views (issue 30): POST views until refused (the cap of 50 per person), 20,000
//           shared ones written directly (as an attacker's flood before the cap), then eight
//           readers at once each reading 20 pages of 100 of GET /views
// Usage: npm run bench -- abuse [pdf] [csv] [png] [png16] [sanctions] [receita] [notes] [views]
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sandboxDocumentFor } from "../server/datasets/sandbox";
import { caseNotes, reviewViews, users, verificationFeedbacks } from "../server/db/schema";
import { eq } from "drizzle-orm";
import { startBenchService } from "./setup";
import { createUser } from "../server/tenancy/workspaces";
import { hugeGrayPng, noFacePng } from "../test/support/vision-images";
import { makeCnpj } from "../lib/contract/documents";
import { importCnpj } from "../server/registry/import-cnpj";
import { importSanctions } from "../server/registry/sanctions";
import { establishment, line, releaseOne, writeReleaseFolder } from "../test/support/receita-fixture";
import { CEIS_HEADER, sanctionRow } from "../test/support/sanctions-fixture";
import { writeZip } from "../test/support/zip-write";

type Svc = Awaited<ReturnType<typeof startBenchService>>;
interface PhaseFigures {
  health: { n: number; p50: number; max: number };
  read: { n: number; p50: number; max: number };
  rssMb: { first: number; max: number };
  errors: number;
}
interface CaseResult {
  what: string;
  ms: number;
  status: number | string;
  bytes?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startProbe(svc: Svc) {
  const child = fork(path.join(here, "abuse-probe.mjs"), [svc.base, svc.token, String(process.pid)], { execArgv: [] });
  const ready = new Promise<void>((resolve) => child.once("message", () => resolve()));
  return {
    ready,
    phase: (phase: string | null) => child.send({ phase }),
    report: () =>
      new Promise<Record<string, PhaseFigures>>((resolve) => {
        child.on("message", (m: { report?: Record<string, PhaseFigures> }) => m.report && resolve(m.report));
        child.send({ report: true });
      }),
  };
}

async function verification(svc: Svc, body: Record<string, unknown>): Promise<{ id: string; status: number; text: string }> {
  const res = await fetch(`${svc.base}/api/v2/verifications`, {
    method: "POST",
    headers: { authorization: `Bearer ${svc.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { id: res.status === 201 ? (JSON.parse(text).id as string) : "", status: res.status, text };
}

async function terminal(svc: Svc, id: string, limitMs: number): Promise<string> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const res = await fetch(`${svc.base}/api/v2/verifications/${id}`, { headers: { authorization: `Bearer ${svc.token}` } });
    const status = ((await res.json()) as { status: string }).status;
    if (status === "COMPLETED" || status === "FAILED") return status;
    await sleep(200);
  }
  return "still running";
}

async function pdfCase(svc: Svc, mark: (phase: string | null) => void): Promise<CaseResult[]> {
  const { id } = await verification(svc, {
    nationalId: sandboxDocumentFor("large_network", "person")!.document,
    profileId: "prf_kyc_person",
    verifications: {},
  });
  await terminal(svc, id, 60_000);
  const pdf = async () => {
    const started = performance.now();
    const res = await fetch(`${svc.base}/api/v2/verifications/${id}/pdf`, { headers: { authorization: `Bearer ${svc.token}` } });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - started, status: res.status, bytes };
  };
  const first = await pdf(); // starts the report's worker, when there is one
  const plain = await pdf();
  const comment = "Comentário da decisão, repetido para ocupar o limite. ".repeat(40).slice(0, 2000);
  const reasons = Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(97 + i)}`.repeat(100));
  // reasons come from the workspace's catalog (issue 19): the admin makes these twenty unbroken
  // 100-character reasons the catalog of both decisions used, as an abusive admin could
  const catalog = await fetch(`${svc.base}/api/review/v1/settings`, {
    method: "PUT",
    headers: { authorization: `Bearer ${svc.token}`, "content-type": "application/json" },
    body: JSON.stringify({ reasons: { STANDBY: reasons, APPROVED: reasons, REPROVED: reasons } }),
  });
  if (catalog.status !== 200) throw new Error(`the catalog was refused: ${catalog.status} ${await catalog.text()}`);
  // through the API first: how many decisions it takes before it refuses
  mark("pdf: POST decisions");
  let accepted = 0;
  let refusal: number | string = "none";
  const apiStarted = performance.now();
  for (let i = 0; i < 1500; i++) {
    const res = await fetch(`${svc.base}/api/v2/verifications/${id}/feedbacks`, {
      method: "POST",
      headers: { authorization: `Bearer ${svc.token}`, "content-type": "application/json" },
      body: JSON.stringify({ status: i % 2 ? "REPROVED" : "STANDBY", comment, reasons }),
    });
    const answer = await res.text();
    if (res.status !== 201) {
      // the status and the error's code, so a refusal for another reason than the cap shows
      const code = /"code"\s*:\s*"([^"]+)"/.exec(answer)?.[1] ?? /"error"\s*:\s*"([^"]+)"/.exec(answer)?.[1];
      refusal = code ? `${res.status} ${code}` : res.status;
      if (accepted === 0) console.log(`the first decision was refused: ${res.status} ${answer.slice(0, 300)}`);
      break;
    }
    accepted++;
  }
  const apiMs = performance.now() - apiStarted;
  // the rest written directly, as decisions stored before the cap existed would be
  mark(null);
  const [user] = await svc.services.db.select({ id: users.id }).from(users).where(eq(users.email, "bench@lupa.local"));
  const workspaceId = String(
    (await svc.services.database.query("select workspace_id from verifications where id = $1", [id])).rows[0]!.workspace_id,
  );
  const now = Date.now();
  const rows = Array.from({ length: 1500 - accepted }, (_, i) => ({
    id: randomUUID(),
    workspaceId,
    verificationId: id,
    status: i % 2 ? "APPROVED" : "REPROVED",
    comment,
    reasons,
    userId: user!.id,
    createdAt: new Date(now - (i + 1) * 1000),
  }));
  for (let i = 0; i < rows.length; i += 100) await svc.services.db.insert(verificationFeedbacks).values(rows.slice(i, i + 100));
  await sleep(1000);
  mark("pdf: GET …/pdf");
  const heavy = await pdf();
  mark(null);
  return [
    { what: "GET …/pdf, no decisions (first report of the process)", ...first },
    { what: "GET …/pdf, no decisions", ...plain },
    { what: `POST feedbacks until refused (${accepted} accepted)`, ms: apiMs, status: refusal },
    { what: "GET …/pdf, 1,500 decisions stored", ...heavy },
  ];
}

async function csvCase(svc: Svc, mark: (phase: string | null) => void): Promise<CaseResult[]> {
  const workspaceId = String((await svc.services.database.query("select id from workspaces where name = 'Bench'")).rows[0]!.id);
  const body = ",\n".repeat(4 * 1024 * 1024);
  mark("csv: POST import");
  const started = performance.now();
  const res = await fetch(`${svc.base}/api/v2/blacklist/import?workspaceId=${workspaceId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${svc.token}`, "content-type": "text/csv" },
    body,
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  await sleep(1000); // the phase goes on a second after the answer: memory not yet given back shows
  mark(null);
  return [{ what: 'POST /api/v2/blacklist/import, 8 MiB of ",\\n"', ms, status: res.status, bytes: body.length }];
}

async function pngCase(svc: Svc, mark: (phase: string | null) => void): Promise<CaseResult[]> {
  const png = hugeGrayPng(6320).toString("base64");
  mark("png: POST and collect");
  const started = performance.now();
  const created = await verification(svc, {
    nationalId: "529.982.247-25",
    profileId: "prf_kyc_person",
    verifications: { cnh: { imageBase64: png }, faceRecognition: { imageBase64: png } },
  });
  const what = `6,320 x 6,320 PNG (${Math.round((png.length * 3) / 4 / 1024)} KB) as CNH and face`;
  if (created.status !== 201) {
    const ms = performance.now() - started;
    await sleep(1000); // the phase goes on a second after the answer
    mark(null);
    return [{ what: `${what}: creation`, ms, status: created.status }];
  }
  const status = await terminal(svc, created.id, 240_000);
  return [{ what: `${what}: until terminal`, ms: performance.now() - started, status }];
}

/** The largest picture accepted (16 MP, all black): read by the face model and the CNH reader. */
async function png16Case(svc: Svc, mark: (phase: string | null) => void): Promise<CaseResult[]> {
  // first a small picture, so the models' own memory (loaded once per process) is in the baseline
  mark("png16: a 480 x 360 PNG (models start)");
  const small = noFacePng().toString("base64");
  const warmStarted = performance.now();
  const warm = await verification(svc, {
    nationalId: "529.982.247-25",
    profileId: "prf_kyc_person",
    verifications: { cnh: { imageBase64: small }, faceRecognition: { imageBase64: small } },
  });
  const warmStatus = warm.status === 201 ? await terminal(svc, warm.id, 240_000) : warm.status;
  const warmMs = performance.now() - warmStarted;
  mark(null);
  await sleep(2000);
  const png = hugeGrayPng(4000).toString("base64");
  mark("png16: POST and collect");
  const started = performance.now();
  const created = await verification(svc, {
    nationalId: "529.982.247-25",
    profileId: "prf_kyc_person",
    verifications: { cnh: { imageBase64: png }, faceRecognition: { imageBase64: png } },
  });
  const what = `4,000 x 4,000 PNG (${Math.round((png.length * 3) / 4 / 1024)} KB, the 16 MP cap) as CNH and face`;
  if (created.status !== 201) return [{ what: `${what}: creation`, ms: performance.now() - started, status: created.status }];
  const status = await terminal(svc, created.id, 240_000);
  mark(null);
  return [
    { what: "480 x 360 PNG as CNH and face (models start): until terminal", ms: warmMs, status: warmStatus },
    { what: `${what}: until terminal`, ms: performance.now() - started, status },
  ];
}

/** `count` copies of `piece`, a MiB at a time: a hostile zip's content is never held whole. */
function* repeated(piece: Buffer, count: number, prefix: Buffer = Buffer.alloc(0)): Generator<Buffer> {
  yield prefix;
  const per = Math.max(1, Math.floor((1 << 20) / piece.length));
  const block = Buffer.concat(Array.from({ length: per }, () => piece));
  let left = count;
  for (; left >= per; left -= per) yield block;
  if (left > 0) yield block.subarray(0, left * piece.length);
}

/** Runs one import as a phase: its time and its refusal's code (or "loaded"). */
async function importPhase(mark: (phase: string | null) => void, phase: string, what: string, run: () => Promise<unknown>) {
  mark(phase);
  const started = performance.now();
  let status: string;
  try {
    await run();
    status = "loaded";
  } catch (error) {
    status = (error as { code?: string }).code ?? (error as Error).message.slice(0, 60);
  }
  const ms = performance.now() - started;
  await sleep(1000); // the phase goes on a second after the end: memory not yet given back shows
  mark(null);
  return { what, ms, status };
}

async function sanctionsCase(svc: Svc, mark: (phase: string | null) => void): Promise<CaseResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-abuse-sanctions-"));
  try {
    const oneLine = path.join(dir, "20250110_CEIS.zip");
    await writeZip(oneLine, "20250110_CEIS.csv", repeated(Buffer.alloc(1 << 20, 0x41), 300));
    const row = Buffer.from(
      line(
        sanctionRow(
          "CEIS",
          {
            kind: "J",
            document: "11.222.333/0001-81",
            name: "EMPRESA SANCIONADA LTDA",
            category: "Inidoneidade",
            start: "10/01/2024",
            end: "31/12/2099",
            agency: "CGU",
            uf: "DF",
          },
          1,
        ),
      ) + "\r\n",
      "latin1",
    );
    const rows = Math.ceil((1.2 * 1024 ** 3) / row.length);
    const valid = path.join(dir, "20250111_CEIS.zip");
    await writeZip(valid, "20250111_CEIS.csv", repeated(row, rows, Buffer.from(line(CEIS_HEADER) + "\r\n", "latin1")));
    const zipped = (file: string) => `${(statSync(file).size / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB`;
    return [
      await importPhase(mark, "sanctions: one 300 MB line", `import-sanctions, one 300 MB line (${zipped(oneLine)} zip)`, () =>
        importSanctions(svc.services.database, oneLine, () => {}),
      ),
      await importPhase(
        mark,
        "sanctions: 1.2 GB of rows",
        `import-sanctions, ${rows.toLocaleString("en-US")} valid rows, 1.2 GiB (${zipped(valid)} zip)`,
        () => importSanctions(svc.services.database, valid, () => {}),
      ),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function receitaCase(svc: Svc, mark: (phase: string | null) => void): Promise<CaseResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-abuse-receita-"));
  try {
    const oneLine = await writeReleaseFolder(path.join(dir, "one-line"), "2025-01", releaseOne());
    const oneLineZip = path.join(oneLine, "Estabelecimentos0.zip");
    await writeZip(oneLineZip, "K3241.K03200Y0.D50111.ESTABELE", repeated(Buffer.alloc(1 << 20, 0x41), 500));
    const copies = await writeReleaseFolder(path.join(dir, "copies"), "2025-01", releaseOne());
    const copiesZip = path.join(copies, "Estabelecimentos0.zip");
    const establishmentLine = Buffer.from(line(establishment(makeCnpj("112223330001"))) + "\n", "latin1");
    await writeZip(copiesZip, "K3241.K03200Y0.D50111.ESTABELE", repeated(establishmentLine, 8_774_502));
    const zipped = (file: string) => `${(statSync(file).size / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB`;
    return [
      await importPhase(
        mark,
        "receita: one 500 MB line",
        `import-cnpj, Estabelecimentos0 one 500 MB line (${zipped(oneLineZip)} zip)`,
        () => importCnpj(svc.services.database, oneLine, { log: () => {}, restart: true }),
      ),
      await importPhase(
        mark,
        "receita: 8,774,502 copies",
        `import-cnpj, Estabelecimentos0 8,774,502 copies of one establishment (${zipped(copiesZip)} zip)`,
        () => importCnpj(svc.services.database, copies, { log: () => {}, restart: true }),
      ),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function api(svc: Svc, method: string, url: string, body?: unknown, token = svc.token) {
  const started = performance.now();
  const res = await fetch(`${svc.base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const code = /"code"\s*:\s*"([^"]+)"/.exec(text)?.[1];
  return { ms: performance.now() - started, status: res.status, code, bytes: Buffer.byteLength(text), json: () => JSON.parse(text) };
}

/** POSTs until one is refused: how many were accepted, in how long, and the refusal. */
async function postUntilRefused(svc: Svc, url: string, body: (i: number) => unknown, max: number) {
  const started = performance.now();
  for (let i = 0; i < max; i++) {
    const res = await api(svc, "POST", url, body(i));
    if (res.status !== 201) return { accepted: i, ms: performance.now() - started, status: `${res.status} ${res.code ?? ""}`.trim() };
  }
  return { accepted: max, ms: performance.now() - started, status: "none refused" };
}

/** Eight readers at once, each following `pages` pages of `url` by its cursor. */
async function eightReaders(svc: Svc, url: string, pages: number): Promise<CaseResult> {
  let bytes = 0;
  let worst = 0;
  const read = async () => {
    let cursor: string | null = null;
    for (let page = 0; page < pages; page++) {
      const res = await api(svc, "GET", `${url}${cursor ? `&cursor=${cursor}` : ""}`);
      bytes += res.bytes;
      worst = Math.max(worst, res.bytes);
      cursor = res.json().nextCursor as string | null;
      if (!cursor) break;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, read));
  return {
    what: `8 readers x ${pages} pages of ${url} (largest page ${Math.round(worst / 1024)} KB)`,
    ms: performance.now() - started,
    status: 200,
    bytes,
  };
}

async function benchCaseId(svc: Svc): Promise<{ id: string; workspaceId: string; userId: string }> {
  const { id } = await verification(svc, { nationalId: "529.982.247-25", verifications: {} });
  await terminal(svc, id, 60_000);
  const [user] = await svc.services.db.select({ id: users.id }).from(users).where(eq(users.email, "bench@lupa.local"));
  const workspaceId = String(
    (await svc.services.database.query("select workspace_id from verifications where id = $1", [id])).rows[0]!.workspace_id,
  );
  return { id, workspaceId, userId: user!.id };
}

async function notesCase(svc: Svc, mark: (phase: string | null) => void): Promise<CaseResult[]> {
  const { id, workspaceId, userId } = await benchCaseId(svc);
  const text = "Nota longa, repetida até o limite de 4.000 caracteres. ".repeat(80).slice(0, 4000);
  mark("notes: POST until refused");
  const posted = await postUntilRefused(svc, `/api/review/v1/cases/${id}/notes`, () => ({ text }), 10_000);
  mark(null);
  const now = Date.now();
  for (let i = 0; i < 10_000; i += 500) {
    await svc.services.db.insert(caseNotes).values(
      Array.from({ length: 500 }, (_, j) => ({
        id: randomUUID(),
        workspaceId,
        verificationId: id,
        authorId: userId,
        text,
        createdAt: new Date(now - 10_000_000 + (i + j) * 1000),
      })),
    );
  }
  await sleep(1000);
  mark("notes: GET first page");
  const first = await api(svc, "GET", `/api/review/v1/cases/${id}/notes`);
  // another person (the bench's own is past its rate limit now)
  await createUser(svc.services.db, {
    workspaceId,
    email: "bench-analyst@lupa.local",
    role: "analyst",
    password: "bench-password",
  });
  const signIn = await fetch(`${svc.base}/api/v1/authentication`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bench-analyst@lupa.local", password: "bench-password" }),
  });
  const otherToken = ((await signIn.json()) as { accessToken: string }).accessToken;
  const past = await api(svc, "POST", `/api/review/v1/cases/${id}/notes`, { text: "mais uma" }, otherToken);
  mark("notes: 8 readers");
  const readers = await eightReaders(svc, `/api/review/v1/cases/${id}/notes?limit=50`, 20);
  mark(null);
  return [
    { what: `POST notes of 4,000 characters until refused (${posted.accepted} accepted)`, ms: posted.ms, status: posted.status },
    { what: "GET …/notes with 10,000+ stored (first page, 20)", ms: first.ms, status: first.status, bytes: first.bytes },
    { what: "POST a note past the cap", ms: past.ms, status: `${past.status} ${past.code ?? ""}`.trim() },
    readers,
  ];
}

async function viewsCase(svc: Svc, mark: (phase: string | null) => void): Promise<CaseResult[]> {
  const { workspaceId } = await benchCaseId(svc);
  const name = "Fila oficial (use esta)";
  const filters = { search: "x".repeat(100), sort: "oldest" };
  mark("views: POST until refused");
  const posted = await postUntilRefused(svc, "/api/review/v1/views", (i) => ({ name: `${name} ${i}`, filters, shared: true }), 20_000);
  mark(null);
  const now = Date.now();
  for (let i = 0; i < 20_000; i += 1000) {
    await svc.services.db.insert(reviewViews).values(
      Array.from({ length: 1000 }, (_, j) => ({
        id: randomUUID(),
        workspaceId,
        authorId: randomUUID(),
        name,
        filters,
        shared: true,
        createdAt: new Date(now - 100_000_000 + (i + j) * 1000),
      })),
    );
  }
  await sleep(1000);
  mark("views: GET first page");
  const first = await api(svc, "GET", "/api/review/v1/views");
  mark("views: 8 readers");
  const readers = await eightReaders(svc, "/api/review/v1/views?limit=100", 20);
  mark(null);
  return [
    { what: `POST shared views until refused (${posted.accepted} accepted)`, ms: posted.ms, status: posted.status },
    { what: "GET /views with 20,000+ shared stored (first page, 50)", ms: first.ms, status: first.status, bytes: first.bytes },
    readers,
  ];
}

const CASES: Record<string, (svc: Svc, mark: (phase: string | null) => void) => Promise<CaseResult[]>> = {
  pdf: pdfCase,
  csv: csvCase,
  png: pngCase,
  png16: png16Case,
  sanctions: sanctionsCase,
  receita: receitaCase,
  notes: notesCase,
  views: viewsCase,
};

export async function benchAbuse(names: string[]): Promise<void> {
  const chosen = names.length ? names : Object.keys(CASES);
  for (const name of chosen) if (!CASES[name]) throw new Error(`unknown case ${name}; known: ${Object.keys(CASES).join(", ")}`);
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const svc = await startBenchService({ LUPA_FACE_TIMEOUT_MS: "120000", LUPA_OCR_TIMEOUT_MS: "120000" });
  const results: Record<string, CaseResult[]> = {};
  try {
    // a few verifications so the ordinary read has a page to answer
    for (let i = 0; i < 5; i++) await verification(svc, { nationalId: "529.982.247-25", verifications: {} });
    const probe = startProbe(svc);
    await probe.ready;
    for (const name of chosen) {
      probe.phase(`${name}: idle`);
      await sleep(3000);
      results[name] = await CASES[name]!(svc, probe.phase);
      probe.phase(null);
      await sleep(500);
    }
    const report = await probe.report();
    console.log(
      `service on ${svc.services.database.kind}; probe every 100 ms (GET /health, GET /api/v2/verifications?limit=10), memory every 50 ms`,
    );
    console.table(
      Object.fromEntries(
        Object.entries(report).map(([phase, f]) => [
          phase,
          {
            "health p50 ms": f.health.p50,
            "health max ms": f.health.max,
            "read p50 ms": f.read.p50,
            "read max ms": f.read.max,
            probes: f.health.n,
            "RSS first MB": f.rssMb.first,
            "RSS max MB": f.rssMb.max,
            errors: f.errors,
          },
        ]),
      ),
    );
    console.table(
      Object.fromEntries(
        Object.values(results)
          .flat()
          .map((r) => [r.what, { ms: Math.round(r.ms), status: r.status, bytes: r.bytes ?? "" }]),
      ),
    );
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    await svc.close();
  }
}
