// POST /api/review/v1/holders/names {documents} (issue 28, item 9): the holder's name of each
// document as the workspace's cases have it (the latest case of the document that found a
// name), so a document has one display name in the console: a restrictive-list entry added
// through the API without a name, or with another one, shows the case's. The documents travel in
// the body, never in a URL (URLs are logged). One statement through the (workspace_id,
// national_id) index. A document with no named case, or not a valid CPF or CNPJ, answers null.
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import { route } from "../../http/route";
import { rowsOf } from "../../db/rows";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { normalizeDocument } from "../../../lib/contract/documents";
import { HolderNames } from "../../../lib/contract/review";

export const HolderNamesBody = z.object({ documents: z.array(z.string().max(32)).min(1).max(100) }).strict();

export function registerHolderRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST",
    url: "/api/review/v1/holders/names",
    permission: "review:read",
    tags: ["review cases"],
    summary: "The holder's name of each document, as the workspace's cases have it",
    description:
      "{documents}: 1 to 100 CPFs or CNPJs, with or without punctuation. names[i] is the name of the latest case of documents[i] " +
      "that found one, or null. Reads only.",
    body: HolderNamesBody,
    status: 200,
    response: { 200: HolderNames, 400: V3ErrorBody },
    handler: async ({ body, caller }) => {
      const normalized = body.documents.map((d) => normalizeDocument(d)?.value ?? null);
      const wanted = [...new Set(normalized.filter((d): d is string => d !== null))];
      const names = new Map<string, string>();
      if (wanted.length > 0) {
        const result = await s.db.execute(sql`
          select distinct on (national_id) national_id, name from verifications
          where workspace_id = ${caller.workspaceId} and national_id = any(${sql.param(wanted)}::text[]) and name is not null
          order by national_id, created_at desc`);
        for (const r of rowsOf(result)) names.set(String(r.national_id), String(r.name));
      }
      return { names: normalized.map((d) => (d ? (names.get(d) ?? null) : null)) };
    },
  });
}
