// An audited reveal (issue 19): the console receives masked documents only, and shows a full one
// through these routes, which answer it and record document.revealed (who, which case, entry or
// enrichment, when; the event holds the masked document). Every role that reads may reveal: the
// record is the control. POST because each call records something.
// POST /api/review/v1/cases/{id}/reveal
// POST /api/review/v1/restrictive-list/{entryId}/reveal
// POST /api/review/v1/enrichments/{id}/reveal (a v3 enrichment's subject; the event's caseId and
//   entryId are UUID columns, so the enrichment's id is in its data)
import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import { blacklistEntries, enrichments } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { formatDocument, maskDocument } from "../../../lib/contract/documents";
import { CaseReveal, EnrichmentReveal, EntryReveal } from "../../../lib/contract/review";
import { callerEvent, recordEvent } from "../audit/record";
import { getCaseRow, UUID } from "../cases/queries";
import { isEnrichmentId } from "../../v3/enrichments/ids";

const tags = ["review reveal"];

export function registerRevealRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/:id/reveal",
    permission: "review:read",
    freshAuth: true, // step-up (issue 34; server/auth/step-up.ts)
    tags,
    summary: "The case holder's full document (recorded)",
    params: z.object({ id: z.string().max(100) }),
    response: { 200: CaseReveal, 404: V3ErrorBody },
    handler: async ({ params, caller, request }) => {
      const row = UUID.test(params.id) ? await getCaseRow(s.db, caller.workspaceId, params.id.toLowerCase()) : null;
      if (!row) throw new ApiError("not_found", "case not found");
      await recordEvent(
        s.db,
        callerEvent(caller, request, "document.revealed", {
          caseId: row.id,
          data: { document: maskDocument(row.nationalId), of: "holder" },
        }),
      );
      return { verificationId: row.id, nationalId: row.nationalId, formatted: formatDocument(row.nationalId) };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/restrictive-list/:entryId/reveal",
    permission: "review:read",
    freshAuth: true, // step-up (issue 34; server/auth/step-up.ts)
    tags,
    summary: "A restrictive-list entry's full document (recorded)",
    params: z.object({ entryId: z.string().max(100) }),
    response: { 200: EntryReveal, 404: V3ErrorBody },
    handler: async ({ params, caller, request }) => {
      const [entry] = UUID.test(params.entryId)
        ? await s.db
            .select({ id: blacklistEntries.id, nationalId: blacklistEntries.nationalId })
            .from(blacklistEntries)
            .where(and(eq(blacklistEntries.workspaceId, caller.workspaceId), eq(blacklistEntries.id, params.entryId.toLowerCase())))
        : [];
      if (!entry) throw new ApiError("not_found", "entry not found");
      await recordEvent(
        s.db,
        callerEvent(caller, request, "document.revealed", {
          entryId: entry.id,
          data: { document: maskDocument(entry.nationalId), of: "restrictive_list_entry" },
        }),
      );
      return { entryId: entry.id, nationalId: entry.nationalId, formatted: formatDocument(entry.nationalId) };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/enrichments/:id/reveal",
    permission: "review:read",
    freshAuth: true, // step-up (issue 34; server/auth/step-up.ts)
    tags,
    summary: "A v3 enrichment's full document (recorded)",
    params: z.object({ id: z.string().max(100) }),
    response: { 200: EnrichmentReveal, 404: V3ErrorBody },
    handler: async ({ params, caller, request }) => {
      const [row] = isEnrichmentId(params.id)
        ? await s.db
            .select({ id: enrichments.id, document: enrichments.document })
            .from(enrichments)
            .where(and(eq(enrichments.workspaceId, caller.workspaceId), eq(enrichments.id, params.id)))
        : [];
      if (!row) throw new ApiError("not_found", "enrichment not found");
      await recordEvent(
        s.db,
        callerEvent(caller, request, "document.revealed", {
          data: { document: maskDocument(row.document), of: "enrichment", enrichmentId: row.id },
        }),
      );
      return { enrichmentId: row.id, document: row.document, formatted: formatDocument(row.document) };
    },
  });
}
