// Saved views of the queue (issue 18): a name and the list's filters, private to their author or
// shared with the workspace. Everyone who reads sees their own and the shared ones, a page at a
// time; only the author or an admin deletes one (403); another's private view, like another
// workspace's, is 404. Issue 30: only admins and analysts share one (a viewer's shared view is
// 403), each person keeps at most 50 (409 view_limit_reached), and a shared view's creation and
// deletion are audited (view.shared, view.unshared: the whole workspace sees it).
// GET    /api/review/v1/views          ?cursor&limit
// POST   /api/review/v1/views          {name, filters, shared}
// DELETE /api/review/v1/views/{id}
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import { reviewViews } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { CaseFilters, SavedView, ViewBody, ViewList } from "../../../lib/contract/review";
import { refOf, userRefs } from "../user-refs";
import { UUID } from "../cases/queries";
import { callerEvent, recordEvent } from "../audit/record";
import { after, decodePageCursor, encodePageCursor, microsOf, pageLimit } from "../page-cursor";

const tags = ["review views"];
type ViewRow = typeof reviewViews.$inferSelect;

/** Views one person keeps (private and shared). */
export const VIEWS_PER_USER = 50;
/** A page of GET /views: 100 views of at most ~2 KB each (a name and filters of 100 characters). */
export const VIEWS_PAGE_MAX = 100;
const ViewsQuery = z.object({ cursor: z.string().max(200).optional(), limit: pageLimit(VIEWS_PAGE_MAX, 50) }).strict();

export function registerViewRoutes(app: FastifyInstance, s: Services): void {
  async function toViews(rows: ViewRow[], callerId: string): Promise<SavedView[]> {
    const refs = await userRefs(
      s.db,
      rows.map((r) => r.authorId),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      filters: CaseFilters.parse(r.filters),
      shared: r.shared,
      author: refOf(refs, r.authorId)!,
      mine: r.authorId === callerId,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  route(app, {
    method: "GET",
    url: "/api/review/v1/views",
    permission: "review:read",
    tags,
    summary: "Saved views: the caller's and the shared ones, oldest first",
    description: "cursor, limit (1 to 100, default 50). Answers {views, nextCursor}.",
    query: ViewsQuery,
    response: { 200: ViewList, 400: V3ErrorBody },
    handler: async ({ caller, query }) => {
      const position = query.cursor ? decodePageCursor("views", query.cursor, s.config.cursorSecret) : null;
      const visible = or(eq(reviewViews.authorId, caller.userId), eq(reviewViews.shared, true));
      // the page's ids first, narrow rows (sorted cheaply even when the planner has no statistics
      // and sorts rather than reads the index in order), then those rows whole
      const ids = s.db
        .select({ id: reviewViews.id })
        .from(reviewViews)
        .where(
          and(
            eq(reviewViews.workspaceId, caller.workspaceId),
            visible,
            position ? after(reviewViews.createdAt, reviewViews.id, position) : undefined,
          ),
        )
        .orderBy(asc(reviewViews.createdAt), asc(reviewViews.id))
        .limit(query.limit + 1);
      const rows = await s.db
        .select({ view: reviewViews, micros: microsOf(reviewViews.createdAt) })
        .from(reviewViews)
        .where(and(eq(reviewViews.workspaceId, caller.workspaceId), inArray(reviewViews.id, ids)))
        .orderBy(asc(reviewViews.createdAt), asc(reviewViews.id));
      const shown = rows.slice(0, query.limit);
      const last = shown[shown.length - 1];
      return {
        views: await toViews(
          shown.map((r) => r.view),
          caller.userId,
        ),
        nextCursor:
          rows.length > query.limit && last
            ? encodePageCursor("views", { micros: last.micros, id: last.view.id }, s.config.cursorSecret)
            : null,
      };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/views",
    permission: "review:read",
    tags,
    summary: "Save a view",
    description:
      "{name (1 to 100 characters), filters (the list's filters as JSON), shared (default false)}. Every role that reads may save " +
      "its own private views; only admins and analysts share one (403). 50 views per person (409 view_limit_reached). " +
      "A shared view records view.shared.",
    body: ViewBody,
    status: 201,
    response: { 201: SavedView, 400: V3ErrorBody, 403: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ body, caller, request }) => {
      if (body.shared && caller.role !== "admin" && caller.role !== "analyst")
        throw new ApiError("forbidden", "Only admins and analysts share views");
      const row = await s.db.transaction(async (tx) => {
        // one author's saves in turn, so two at once cannot both pass the count
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`review_views:${caller.userId}`}, 0))`);
        const [kept] = await tx
          .select({ n: count() })
          .from(reviewViews)
          .where(and(eq(reviewViews.workspaceId, caller.workspaceId), eq(reviewViews.authorId, caller.userId)));
        if ((kept?.n ?? 0) >= VIEWS_PER_USER)
          throw new ApiError("view_limit_reached", `A person keeps at most ${VIEWS_PER_USER} saved views; delete one first`);
        const [inserted] = await tx
          .insert(reviewViews)
          .values({
            id: randomUUID(),
            workspaceId: caller.workspaceId,
            authorId: caller.userId,
            name: body.name,
            filters: body.filters as Record<string, unknown>,
            shared: body.shared,
          })
          .returning();
        if (inserted!.shared)
          await recordEvent(tx, callerEvent(caller, request, "view.shared", { data: { viewId: inserted!.id, name: inserted!.name } }));
        return inserted!;
      });
      return (await toViews([row], caller.userId))[0];
    },
  });

  route(app, {
    method: "DELETE",
    url: "/api/review/v1/views/:id",
    permission: "review:read",
    tags,
    summary: "Delete a saved view (its author or an admin)",
    description: "A shared view's deletion records view.unshared.",
    params: z.object({ id: z.string().max(100) }),
    status: 204,
    response: { 204: z.null(), 403: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller, reply, request }) => {
      if (!UUID.test(params.id)) throw new ApiError("not_found", "view not found");
      const [row] = await s.db
        .select()
        .from(reviewViews)
        .where(and(eq(reviewViews.workspaceId, caller.workspaceId), eq(reviewViews.id, params.id)));
      if (!row || (!row.shared && row.authorId !== caller.userId)) throw new ApiError("not_found", "view not found");
      if (row.authorId !== caller.userId && caller.role !== "admin")
        throw new ApiError("forbidden", "Only the view's author or an admin deletes it");
      await s.db.transaction(async (tx) => {
        const deleted = await tx
          .delete(reviewViews)
          .where(and(eq(reviewViews.workspaceId, caller.workspaceId), eq(reviewViews.id, row.id)))
          .returning({ id: reviewViews.id });
        if (row.shared && deleted.length > 0)
          await recordEvent(
            tx,
            callerEvent(caller, request, "view.unshared", { data: { viewId: row.id, name: row.name, authorId: row.authorId } }),
          );
      });
      return reply.status(204).send();
    },
  });
}
