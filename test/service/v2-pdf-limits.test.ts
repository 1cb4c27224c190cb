// The PDF report under abuse (issue 21, item 1): a verification with 1,500 decisions of 2,000-
// character comments and 20 unbroken 100-character reasons. The report prints the latest 50 and
// counts the rest, breaks the long words and cuts long fields, and is built off the event loop:
// GET /health keeps answering while it is made. Past its size limit the report is a 500 {error}
// and the log says why.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService } from "../support/harness";
import { verificationFeedbacks } from "../../server/db/schema";

const dir = mkdtempSync(path.join(tmpdir(), "lupa-pdf-limits-"));
const logLines: string[] = [];
let t: TestService;
let id: string;

const COMMENT = (n: number) =>
  `Decisão ${String(n).padStart(4, "0")}: ${"análise do caso com documentos conferidos ".repeat(60)}`.slice(0, 2000);
const REASONS = Array.from({ length: 20 }, (_, i) => String.fromCharCode(97 + i).repeat(100));

function textOf(bytes: Buffer): { text: string; pages: number } {
  const file = path.join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  return { text, pages };
}

beforeAll(async () => {
  t = await startService({ env: { LUPA_LOG_LEVEL: "error" }, logDestination: { write: (line) => void logLines.push(line) } });
  const res = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token: t.workspace.tokens.analyst,
    body: { nationalId: "529.982.247-25", profileId: "prf_kyc_person", verifications: {} },
  });
  id = res.json().id;
  await eventually(
    () => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token: t.workspace.tokens.viewer }).then((r) => r.json()),
    (v) => v.status === "COMPLETED",
  );
  // 1,500 decisions written directly, as decisions stored before the cap of 200 would be; the
  // newest is number 1
  const now = Date.now();
  const rows = Array.from({ length: 1500 }, (_, i) => ({
    id: randomUUID(),
    workspaceId: t.workspace.id,
    verificationId: id,
    status: i % 2 ? "APPROVED" : "STANDBY",
    comment: COMMENT(i + 1),
    reasons: REASONS,
    userId: t.workspace.users.analyst.id,
    createdAt: new Date(now - i * 1000),
  }));
  for (let i = 0; i < rows.length; i += 100) await t.services.db.insert(verificationFeedbacks).values(rows.slice(i, i + 100));
}, 180_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/v2/verifications/{id}/pdf of a verification with 1,500 decisions", () => {
  it("prints the latest 50 and counts the rest, while GET /health keeps answering", async () => {
    // the first report of a process starts its worker: made once before measuring
    expect((await t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.viewer })).statusCode).toBe(
      200,
    );
    let done = false;
    const report = t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.viewer }).finally(() => {
      done = true;
    });
    const health: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await t.request({ method: "GET", url: "/health" });
      health.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await report;
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    // the target is 200 ms (npm run bench -- abuse measures it); a shared test machine gets a
    // generous bound. Before the worker thread, /health waited for the whole report (13 s).
    expect(Math.max(...health)).toBeLessThan(1000);

    const { text, pages } = textOf(res.rawPayload);
    expect(text).toContain("Histórico de decisões");
    expect(text).toContain("Decisão 0001");
    expect(text).toContain("Decisão 0050");
    expect(text).not.toContain("Decisão 0051");
    expect(text).toContain("E mais 1.450 decisões anteriores não listadas."); // plurals in words (issue 20, item 5)
    // a comment is cut at 500 characters, with "…"
    expect(text).not.toMatch(/(análise do caso com documentos conferidos\s+){12}/);
    expect(text).toContain("…");
    // each 100-character reason is broken into pieces that fit its column, none lost
    // (the reasons cell is cut at 500 characters too: the first five reasons show)
    const pieces = text.match(/\bb+\b/g) ?? [];
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.length < 40)).toBe(true);
    // the first reason's pieces, however many the column's width makes, add up to exactly 100
    let first = 0;
    for (const piece of pieces) if (first < 100) first += piece.length;
    expect(first).toBe(100);
    expect(text).not.toContain("f".repeat(10));
    expect(pages).toBeLessThan(40);
  });

  it("answers 500 {error} past the size limit, and logs why without personal data", async () => {
    const before = logLines.length;
    t.services.config.pdf.maxBytes = 20_000;
    try {
      const res = await t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.viewer });
      expect(res.statusCode).toBe(500);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: "The PDF report could not be generated; quote the request id to support" });
    } finally {
      t.services.config.pdf.maxBytes = 10 * 1024 * 1024;
    }
    const logged = logLines.slice(before).map((l) => JSON.parse(l));
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: "PDF report not made: beyond its limits",
        reason: "too_large",
        detail: "ReportTooLarge: the report is larger than 20000 bytes",
      }),
    );
    expect(logLines.slice(before).join("\n")).not.toContain("52998224725");
    // the next report is made as usual
    expect((await t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.viewer })).statusCode).toBe(
      200,
    );
  });

  it("answers 500 {error} past the time limit, and the next report is made by a fresh worker", async () => {
    const before = logLines.length;
    t.services.config.pdf.timeoutMs = 1;
    try {
      const res = await t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.viewer });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: "The PDF report could not be generated; quote the request id to support" });
    } finally {
      t.services.config.pdf.timeoutMs = 15_000;
    }
    expect(logLines.slice(before).map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ msg: "PDF report not made: beyond its limits", reason: "timeout" }),
    );
    expect((await t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.viewer })).statusCode).toBe(
      200,
    );
  });
});
