// POST /api/review/v1/restrictive-list/{entryId}/remove {reason} (issue 19): removing an entry
// with its reason required. The interface's DELETE /api/v2/blacklist/{nationalId} answers as the
// spec says (204) and takes the reason as an optional `reason` query parameter; both record
// restrictive_list.removed and update the document's cases (server/review/listing-change.ts).
import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import { blacklistEntries } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { removeEntry } from "../../v2/blacklist/store";
import { UUID } from "../cases/queries";

export const RemoveEntryBody = z.object({ reason: z.string().trim().min(1).max(500) }).strict();

export function registerRestrictiveListRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST",
    url: "/api/review/v1/restrictive-list/:entryId/remove",
    permission: "review:write",
    tags: ["review restrictive list"],
    summary: "Remove a restrictive-list entry, with its reason",
    description:
      "{reason}: 1 to 500 characters. 204. Records restrictive_list.removed; the document's cases get their flags again and their AI summaries are marked stale.",
    params: z.object({ entryId: z.string().max(100) }),
    body: RemoveEntryBody,
    status: 204,
    response: { 204: z.null(), 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, body, caller, request, reply }) => {
      const [entry] = UUID.test(params.entryId)
        ? await s.db
            .select({ nationalId: blacklistEntries.nationalId })
            .from(blacklistEntries)
            .where(and(eq(blacklistEntries.workspaceId, caller.workspaceId), eq(blacklistEntries.id, params.entryId.toLowerCase())))
        : [];
      if (!entry || !(await removeEntry(s.db, caller, entry.nationalId, body.reason, request.id)))
        throw new ApiError("not_found", "entry not found");
      return reply.status(204).send();
    },
  });
}
