// GET /api/v2/verifications/:id/pdf (spec 4.2): the report as application/pdf bytes. 400 {error}
// for an id that is not a UUID, 404 for an unknown id or another workspace's, 500 {error} when the
// report cannot be generated (the file is built in memory first, so a failure never sends half),
// including past its time or size limit. It is built in a worker thread (reports/pdf/renderer.ts).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V2ErrorBody } from "../../../lib/contract/error-bodies";
import { PdfNotMade, pdfRenderer } from "../../reports/pdf/renderer";
import { VerificationIdParams } from "../verifications/schemas";
import { loadReportData } from "./data";
import { callerEvent, recordEvent } from "../../review/audit/record";

export function registerPdfRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/v2/verifications/:id/pdf",
    auditedRead: true,
    permission: "verifications:read",
    tags: ["v2 verifications"],
    summary: "PDF report of a verification",
    params: VerificationIdParams,
    produces: ["application/pdf"],
    response: { 200: z.string().describe("PDF bytes (application/pdf)"), 400: V2ErrorBody, 404: V2ErrorBody, 500: V2ErrorBody },
    handler: async ({ params, caller, reply, request }) => {
      const started = Date.now();
      let pdf: Buffer;
      try {
        const data = await loadReportData(s.db, caller.workspaceId, params.id);
        if (!data) throw new ApiError("not_found", "verification not found");
        pdf = await pdfRenderer().render(data, caller.workspaceId, s.config.pdf);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        if (err instanceof PdfNotMade)
          s.log.error({ reason: err.reason, detail: err.detail, ms: Date.now() - started }, "PDF report not made: beyond its limits");
        else s.log.error({ err }, "PDF report generation failed");
        throw new ApiError("internal_error", "The PDF report could not be generated; quote the request id to support");
      }
      s.log.debug({ ms: Date.now() - started, bytes: pdf.length }, "PDF report generated");
      // recorded before it is sent (docs/decisions.md, "Audit trail"): a failure here sends no report
      await recordEvent(s.db, callerEvent(caller, request, "report.downloaded", { caseId: params.id, data: { bytes: pdf.length } }));
      return reply
        .status(200)
        .header("content-type", "application/pdf")
        .header("content-disposition", `inline; filename="verificacao-${params.id}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  });
}
