// Saved views of the queue (issue 18): a name and the list's filters, private to their author or
// shared with the workspace. Everyone who reads sees their own and the shared ones; only the
// author or an admin deletes one (403); another's private view, like another workspace's, is 404.
// GET    /api/review/v1/views
// POST   /api/review/v1/views          {name, filters, shared}
// DELETE /api/review/v1/views/{id}
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, asc, eq, or } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import { reviewViews } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { CaseFilters, SavedView, ViewBody, ViewList } from "../../../lib/contract/review";
import { refOf, userRefs } from "../user-refs";
import { UUID } from "../cases/queries";

const tags = ["review views"];
type ViewRow = typeof reviewViews.$inferSelect;

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
    summary: "Saved views: the caller's and the shared ones",
    response: { 200: ViewList },
    handler: async ({ caller }) => {
      const rows = await s.db
        .select()
        .from(reviewViews)
        .where(
          and(eq(reviewViews.workspaceId, caller.workspaceId), or(eq(reviewViews.authorId, caller.userId), eq(reviewViews.shared, true))),
        )
        .orderBy(asc(reviewViews.createdAt), asc(reviewViews.id));
      return { views: await toViews(rows, caller.userId) };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/views",
    permission: "review:read",
    tags,
    summary: "Save a view",
    description:
      "{name (1 to 100 characters), filters (the list's filters as JSON), shared (default false)}. Every role that reads may save its own views.",
    body: ViewBody,
    status: 201,
    response: { 201: SavedView, 400: V3ErrorBody },
    handler: async ({ body, caller }) => {
      const [row] = await s.db
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
      return (await toViews([row!], caller.userId))[0];
    },
  });

  route(app, {
    method: "DELETE",
    url: "/api/review/v1/views/:id",
    permission: "review:read",
    tags,
    summary: "Delete a saved view (its author or an admin)",
    params: z.object({ id: z.string().max(100) }),
    status: 204,
    response: { 204: z.null(), 403: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller, reply }) => {
      if (!UUID.test(params.id)) throw new ApiError("not_found", "view not found");
      const [row] = await s.db
        .select()
        .from(reviewViews)
        .where(and(eq(reviewViews.workspaceId, caller.workspaceId), eq(reviewViews.id, params.id)));
      if (!row || (!row.shared && row.authorId !== caller.userId)) throw new ApiError("not_found", "view not found");
      if (row.authorId !== caller.userId && caller.role !== "admin")
        throw new ApiError("forbidden", "Only the view's author or an admin deletes it");
      await s.db.delete(reviewViews).where(and(eq(reviewViews.workspaceId, caller.workspaceId), eq(reviewViews.id, row.id)));
      return reply.status(204).send();
    },
  });
}
