// Benchmark: PDF report generation for a full dossier (the sandbox's large-network holder with
// every module and add-on, an AI summary, declared data, feedback history; about 5 pages with the
// network drawing), next to a baseline measured in the same run: a one-page pdfkit document with
// a title and a paragraph in the same fonts (pdfkit's own floor). Both in this process, after a
// warm-up; then the route GET /api/v2/verifications/{id}/pdf end to end on the real service
// (database reads included). Prints p50 and p99 of each. Target (issue 7): report p50 < 300 ms.
// Usage: npm run bench -- pdf [iterations=100]
import PDFDocument from "pdfkit";
import { randomUUID } from "node:crypto";
import { builtinDraft } from "../server/ai/builtin";
import { sandboxDocumentFor } from "../server/datasets/sandbox";
import { buildVerificationPdf } from "../server/reports/pdf/build";
import type { ReportData } from "../server/reports/pdf/types";
import { toAiSummary } from "../server/v2/summary/generate";
import { sandboxVerification } from "../test/support/sandbox-verification";
import { startBenchService } from "./setup";

function baselinePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 48 });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.font("Helvetica-Bold").fontSize(18).text("Relatório de verificação");
    doc
      .font("Helvetica")
      .fontSize(10)
      .text("Documento de referência com uma página, um título e um parágrafo, nas mesmas fontes do relatório.");
    doc.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Wall-clock p50/p99/mean per run, and this process's CPU time per run (wall time includes waiting for a busy machine). */
async function measure(
  iterations: number,
  fn: () => Promise<Buffer | number>,
): Promise<{ p50: number; p99: number; mean: number; cpuPerRun: number; bytes: number }> {
  for (let i = 0; i < 5; i++) await fn(); // warm-up: fonts parsed, code compiled
  const times: number[] = [];
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const out = await fn();
    times.push(performance.now() - t0);
    bytes = typeof out === "number" ? out : out.length;
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
    cpuPerRun: round((cpu.user + cpu.system) / 1000 / iterations),
    bytes,
  };
}

export async function benchPdf(iterations: number): Promise<void> {
  const doc = sandboxDocumentFor("large_network", "person")!.document;
  const v = await sandboxVerification(doc, {
    addons: true,
    input: [
      { attribute: "nome", value: "Nome Declarado" },
      { attribute: "nascimento", value: "01/01/1980" },
    ],
  });
  const now = new Date();
  const data: ReportData = {
    workspaceName: "Bench",
    verification: {
      id: v.verificationId,
      entity: v.entity,
      nationalId: v.nationalId,
      name: v.name,
      status: "COMPLETED",
      profileId: v.profileId,
      profileName: "KYC pessoa física",
      createdAt: now,
      updatedAt: now,
      score: v.score,
      result: v.result,
      dossier: v.dossier,
      input: v.input,
      failureReason: null,
    },
    summary: toAiSummary(v.verificationId, builtinDraft(v), now),
    feedbacks: Array.from({ length: 5 }, (_, i) => ({
      status: ["STANDBY", "APPROVED"][i % 2]!,
      comment: `Comentário da decisão ${i + 1}`,
      reasons: ["documentação"],
      authorEmail: "analista@bench.local",
      createdAt: new Date(now.getTime() - i * 60_000),
    })),
    feedbackTotal: 5,
    restrictiveList: { listed: false, source: "dossier", serviceListed: false },
    generatedAt: now,
  };
  const baseline = await measure(iterations, baselinePdf);
  const report = await measure(iterations, () => buildVerificationPdf(data));

  const svc = await startBenchService();
  let route: Awaited<ReturnType<typeof measure>> | null = null;
  try {
    const headers = { authorization: `Bearer ${svc.token}` };
    const created = await svc.app.inject({
      method: "POST",
      url: "/api/v2/verifications",
      headers,
      payload: { nationalId: doc, profileId: "prf_kyc_person", verifications: { finance: { advanced: true } }, input: v.input },
    });
    const id = created.json().id as string;
    for (let i = 0; i < 400; i++) {
      const res = await svc.app.inject({ method: "GET", url: `/api/v2/verifications/${id}`, headers });
      if (res.json().status === "COMPLETED") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    route = await measure(Math.max(10, Math.floor(iterations / 2)), async () => {
      const res = await svc.app.inject({
        method: "GET",
        url: `/api/v2/verifications/${id}/pdf`,
        headers: { ...headers, "x-request-id": randomUUID() },
      });
      if (res.statusCode !== 200) throw new Error(`PDF route answered ${res.statusCode}`);
      return res.rawPayload.length;
    });
    console.log(`PDF report of a full dossier: ${iterations} iterations after 5 warm-up runs; route on ${svc.services.database.kind}`);
  } finally {
    await svc.close();
  }
  console.table({
    "baseline: 1-page pdfkit document": baseline,
    "report builder (full dossier)": report,
    "GET /api/v2/verifications/{id}/pdf": route,
  });
  console.log(
    `report p50 / baseline p50: ${(report.p50 / baseline.p50).toFixed(1)}x; target report p50 < 300 ms: ${report.p50 < 300 ? "met" : "NOT met"}`,
  );
  console.log(
    `load average during the run: ${(await import("node:os"))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ")} on ${(await import("node:os")).cpus().length} cores`,
  );
}
