// The PDF report of a v2 verification (GET /api/v2/verifications/{id}/pdf; contents in
// docs/decisions.md, "PDF report"): what an analyst hands to a manager. Built with pdfkit, A4, in
// memory: the route sends it only once it is complete, so a failure is a clean 500. It runs in
// the report's worker thread (renderer.ts), never on the service's event loop.
import PDFDocument from "pdfkit";
import { moduleLabel } from "../../ai/labels";
import { readDossier } from "../../../lib/contract/dossier-read";
import type { ReportData } from "./types";
import { PAGE, Writer } from "./layout";
import { winAnsi } from "./text";
import { header } from "./sections/header";
import { scoreBlock } from "./sections/score";
import { rulesBlock } from "./sections/rules";
import { summaryBlock } from "./sections/summary";
import { inputBlock } from "./sections/declared-data";
import { restrictiveBlock } from "./sections/restrictive-list";
import { feedbackBlock } from "./sections/decisions";
import { profileBlock } from "./sections/profile";
import { financeBlock } from "./sections/finance";
import { lawsuitsBlock, ownersLawsuitsBlock } from "./sections/lawsuits";
import { relatedBlock } from "./sections/related";
import { footer } from "./sections/footer";
import { sourceLineOf } from "./sections/source";
import { biometricsBlock, cnhBlock, faceBlock } from "./sections/vision";

const KNOWN_SECTIONS = new Set([
  "profile",
  "finance",
  "financeAdvanced",
  "lawsuits",
  "ownersLawsuits",
  "related",
  "cnh",
  "faceRecognition",
  "biometrics",
]);

/** The report grew past the size limit while it was written. */
export class ReportTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`the report is larger than ${maxBytes} bytes`);
    this.name = "ReportTooLarge";
  }
}

/** Builds the whole report in memory; past `maxBytes` it stops keeping bytes and fails. */
export function buildVerificationPdf(data: ReportData, maxBytes = Infinity): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: PAGE.margin,
      bufferPages: true,
      info: {
        Title: winAnsi(`Relatório de verificação ${data.verification.id}`),
        Author: "Lupa",
        Subject: "Relatório de verificação",
        CreationDate: data.generatedAt,
      },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    doc.on("data", (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        chunks.length = 0;
        reject(new ReportTooLarge(maxBytes));
      } else chunks.push(c);
    });
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      const w = new Writer(doc);
      const dossier = data.verification.dossier ?? {};
      const view = readDossier(dossier);
      const ran = (module: string) => view.modules.includes(module);
      header(w, data);
      scoreBlock(w, data);
      // each section stays on one page when it fits there (Writer.keep): the blocks take the writer
      // they draw with, as keep() draws each twice (measured on a scratch page, then for real)
      w.keep((w) => rulesBlock(w, data));
      w.keep((w) => summaryBlock(w, data.summary));
      w.keep((w) => inputBlock(w, data, data.summary));
      w.keep((w) => restrictiveBlock(w, data));
      w.keep((w) => feedbackBlock(w, data));
      if (data.verification.status === "COMPLETED" || data.verification.status === "ANALYZING" || Object.keys(dossier).length) {
        // each module's section names its source under its title (issue 28); a block that prints
        // no section leaves no line behind for the next one
        const from = (module: string, block: (w: Writer) => void) =>
          w.keep((w) => {
            w.sourceLine(sourceLineOf(data.sources ?? [], module));
            block(w);
            w.sourceLine(null);
          });
        from("profile", (w) => profileBlock(w, data, view.profile));
        from("finance", (w) => financeBlock(w, data, view.finance, dossier.finance));
        if (dossier.financeAdvanced !== undefined)
          from("financeAdvanced", (w) => {
            w.section("Crédito: negativações e protestos");
            w.generic(dossier.financeAdvanced);
          });
        from("lawsuits", (w) => lawsuitsBlock(w, ran("lawsuits"), view.lawsuits, dossier.lawsuits, "Processos judiciais"));
        from("ownersLawsuits", (w) => ownersLawsuitsBlock(w, ran("ownersLawsuits"), view.ownersLawsuits));
        from("related", (w) => relatedBlock(w, data, ran("related"), view.related));
        // the CNH read and the face match (the service's own steps), then the biometric reference
        if (dossier.cnh !== undefined) w.keep((w) => cnhBlock(w, data, dossier.cnh));
        if (dossier.faceRecognition !== undefined) w.keep((w) => faceBlock(w, dossier.faceRecognition));
        if (dossier.biometrics !== undefined) w.keep((w) => biometricsBlock(w, data, dossier.biometrics));
        for (const [key, value] of Object.entries(dossier)) {
          if (KNOWN_SECTIONS.has(key)) continue;
          from(key, (w) => {
            w.section(moduleLabel(key));
            if (value === null || value === undefined) w.note("Módulo sem dados.");
            else w.generic(value);
          });
        }
        for (const u of (data.sources ?? []).filter((x) => x.state === "unavailable" && dossier[x.module] === undefined))
          from(u.module, (w) => {
            w.section(moduleLabel(u.module));
            w.note("Não consultado: nenhuma fonte de dados está configurada para este módulo, que não entra no score.");
          });
      }
      footer(doc, data);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
