// The workspace's restrictive list (spec 4.3; docs/decisions.md "v2 restrictive list"):
// GET    /api/v2/blacklist?workspaceId=…                 – entries, newest first, paginated
// POST   /api/v2/blacklist?workspaceId=…                 – add an entry (201; 409 when listed)
// DELETE /api/v2/blacklist/:nationalId?workspaceId=…     – remove an entry (204)
// POST   /api/v2/blacklist/import?workspaceId=…          – CSV import (beyond the spec)
// GET    /api/v2/blacklist/export?workspaceId=…          – CSV export (beyond the spec)
// `workspaceId` must be the caller's: any other UUID answers the same 404, existing or not.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import type { TokenClaims } from "../../auth/tokens";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V2ErrorBody } from "../../../lib/contract/error-bodies";
import { maskDocument, normalizeDocument } from "../../../lib/contract/documents";
import { listingChanged } from "../../review/listing-change";
import { actorOf, callerEvent, recordEvent } from "../../review/audit/record";
import { restrictiveAdded } from "../../monitoring/restrictive";
import { exportText } from "./export";
import { ImportBody, importCsv, readImport } from "./import";
import {
  CreateEntryBody,
  DeleteQuery,
  EntryList,
  EntryRecord,
  ExportQuery,
  ImportResult,
  ListQuery,
  NationalIdParams,
  WorkspaceQuery,
} from "./schemas";
import { allEntries, insertEntries, listEntries, removeEntry, toEntry } from "./store";

const tags = ["v2 restrictive list"];
export const IMPORT_URL = "/api/v2/blacklist/import";

function ownWorkspace(caller: TokenClaims, workspaceId: string): void {
  if (workspaceId.toLowerCase() !== caller.workspaceId) throw new ApiError("not_found", "restrictive list not found");
}

function documentOf(nationalId: string) {
  const document = normalizeDocument(nationalId);
  if (!document) throw new ApiError("invalid_parameter", "nationalId is not a valid CPF or CNPJ");
  return document;
}

/**
 * text/csv bodies are read only for the import route, as they arrive, into its entries (import.ts,
 * readImport); elsewhere such a body is refused like any body that is not JSON.
 */
function registerCsvParser(app: FastifyInstance): void {
  app.addContentTypeParser("text/csv", (request, payload, done) => {
    if (request.routeOptions.url !== IMPORT_URL) {
      const error = Object.assign(new Error("Body must be JSON"), { code: "FST_ERR_CTP_INVALID_MEDIA_TYPE", statusCode: 415 });
      return done(error, undefined);
    }
    const declared = request.headers["content-length"] === undefined ? null : Number(request.headers["content-length"]);
    readImport(payload, Number.isFinite(declared) ? declared : null).then(
      (body) => done(null, body),
      (error: Error) => done(error, undefined),
    );
  });
}

export function registerBlacklistRoutes(app: FastifyInstance, s: Services): void {
  registerCsvParser(app);

  route(app, {
    method: "GET",
    url: "/api/v2/blacklist",
    permission: "blacklist:read",
    tags,
    summary: "List the restrictive list",
    description:
      "limit 1 to 100 (default 20), page from 1; `search` (beyond the spec) matches part of the document, the name or the reason. Expired entries are listed with `expired: true` and no longer count.",
    query: ListQuery,
    response: { 200: EntryList, 400: V2ErrorBody, 404: V2ErrorBody },
    handler: async ({ query, caller }) => {
      ownWorkspace(caller, query.workspaceId);
      const { items, total } = await listEntries(s.db, caller.workspaceId, query);
      return { items, page: query.page, limit: query.limit, total };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/v2/blacklist",
    permission: "blacklist:write",
    tags,
    summary: "Add a document to the restrictive list",
    description:
      "Body {nationalId, reason, name?, expiresAt?}; `reason` is required and `expiresAt` optional (both beyond the spec). A document listed already is 409; an expired entry is replaced.",
    query: WorkspaceQuery,
    body: CreateEntryBody,
    status: 201,
    response: { 201: EntryRecord, 400: V2ErrorBody, 403: V2ErrorBody, 404: V2ErrorBody, 409: V2ErrorBody },
    handler: async ({ query, body, caller, request }) => {
      ownWorkspace(caller, query.workspaceId);
      const document = normalizeDocument(body.nationalId);
      if (!document) throw new ApiError("invalid_request", "nationalId is not a valid CPF or CNPJ");
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt <= new Date()) throw new ApiError("invalid_request", "expiresAt must be in the future");
      const [row] = await s.db.transaction(async (tx) => {
        const rows = await insertEntries(
          tx,
          caller,
          [
            {
              nationalId: document.value,
              entity: document.entity,
              reason: body.reason,
              name: body.name || null,
              expiresAt,
            },
          ],
          "api",
        );
        // the review API (server/review): the document's cases and the audit trail, in this transaction
        for (const written of rows) {
          await listingChanged(tx, caller.workspaceId, [written.nationalId]);
          await recordEvent(
            tx,
            callerEvent(caller, request, "restrictive_list.added", {
              entryId: written.id,
              data: { document: maskDocument(written.nationalId), reason: written.reason, replaced: written.replaced },
            }),
          );
        }
        // continuous monitoring (server/monitoring): a watched case of a document just listed opens an alert now
        await restrictiveAdded(
          tx,
          caller.workspaceId,
          rows.map((r) => r.nationalId),
          actorOf(caller),
          request.id,
        );
        return rows;
      });
      if (!row) throw new ApiError("conflict", "this document is already on the restrictive list");
      return toEntry(row, caller.email);
    },
  });

  route(app, {
    method: "DELETE",
    url: "/api/v2/blacklist/:nationalId",
    permission: "blacklist:write",
    tags,
    summary: "Remove a document from the restrictive list",
    description:
      "204 with no body. `reason` (query, beyond the spec) is kept in the audit trail (restrictive_list.removed); " +
      "POST /api/review/v1/restrictive-list/{entryId}/remove requires it.",
    params: NationalIdParams,
    query: DeleteQuery,
    status: 204,
    response: { 204: z.null(), 400: V2ErrorBody, 403: V2ErrorBody, 404: V2ErrorBody },
    handler: async ({ params, query, caller, reply, request }) => {
      ownWorkspace(caller, query.workspaceId);
      const document = documentOf(params.nationalId);
      if (!(await removeEntry(s.db, caller, document.value, query.reason ?? null, request.id)))
        throw new ApiError("not_found", "entry not found");
      return reply.status(204).send();
    },
  });

  route(app, {
    method: "POST",
    url: IMPORT_URL,
    permission: "blacklist:write",
    tags,
    summary: "Import entries from CSV (beyond the spec)",
    description:
      "Content-Type text/csv, lines `documento,motivo,nome,expira_em` (or `nationalId,reason,name,expiresAt`): with a header naming the columns, in pt-BR or English, " +
      "case, accents, spaces and underscores ignored, in any order, other columns ignored (so either export format imports again); without one, by position. " +
      "Comma or semicolon; up to 10,000 lines, 32 fields per line, 2,000 characters per field; read as it arrives, refused at the first line beyond a limit. " +
      "expira_em: RFC 3339, YYYY-MM-DD or DD/MM/YYYY (that day's end in Brasília time) or DD/MM/YYYY HH:MM (that minute's end). " +
      "A header without a document column, or naming one field twice, is 400. Answers each line: added, duplicate or invalid with the reason.",
    query: WorkspaceQuery,
    body: {
      schema: z.string(),
      parse: (raw: unknown) => {
        if (!(raw instanceof ImportBody)) throw new ApiError("invalid_request", "Body must be CSV text (Content-Type: text/csv)");
        return raw;
      },
    },
    consumes: ["text/csv"],
    response: { 200: ImportResult, 400: V2ErrorBody, 403: V2ErrorBody, 404: V2ErrorBody, 413: V2ErrorBody },
    handler: async ({ query, body, caller, request }) => {
      ownWorkspace(caller, query.workspaceId);
      return importCsv(s.db, caller, body, new Date(), request.id);
    },
  });

  route(app, {
    method: "GET",
    url: "/api/v2/blacklist/export",
    auditedRead: true,
    permission: "blacklist:read",
    freshAuth: true, // step-up (issue 34; server/auth/step-up.ts)
    tags,
    summary: "Export the restrictive list as CSV (beyond the spec)",
    description:
      "text/csv, `;`-separated with a UTF-8 BOM. format=labels (default): documento (formatted), motivo, nome, expira_em, criado_em (DD/MM/AAAA HH:MM, Brasília time), " +
      "criado_por (name), criado_por_email; format=codes: nationalId (formatted), reason, name, expiresAt, createdAt (ISO 8601, UTC), createdBy (e-mail). " +
      "Both import again unchanged. Every =, +, - or @ that starts a cell or follows a separator, quote, tab or line break inside it is preceded by ', so no spreadsheet runs it as a formula.",
    query: ExportQuery,
    produces: ["text/csv"],
    response: { 200: z.string(), 400: V2ErrorBody, 404: V2ErrorBody },
    handler: async ({ query, caller, reply, request }) => {
      ownWorkspace(caller, query.workspaceId);
      await recordEvent(s.db, callerEvent(caller, request, "restrictive_list.exported", { data: {} }));
      const csv = await exportText(allEntries(s.db, caller.workspaceId), query.format);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .status(200)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="lista-restritiva-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  });
}
