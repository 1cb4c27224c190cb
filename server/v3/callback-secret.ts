// GET /api/v3/callback-secret – the workspace's callback signing secret: { secret: "<hex>" } (32 random bytes)
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { Services } from "../context";
import { workspaces } from "../db/schema";
import { ApiError } from "../http/errors";
import { route } from "../http/route";
import { CallbackSecret, V3ErrorBody } from "../../lib/contract";

export function registerCallbackSecretRoute(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/v3/callback-secret",
    permission: "callback-secret:read",
    tags: ["v3 callbacks"],
    summary: "Get the callback signing secret (hex)",
    response: { 200: CallbackSecret, 400: V3ErrorBody },
    handler: async ({ caller, reply }) => {
      const [row] = await s.db.select({ secret: workspaces.callbackSecret }).from(workspaces).where(eq(workspaces.id, caller.workspaceId));
      if (!row) throw new ApiError("not_found", "workspace not found");
      reply.header("Cache-Control", "no-store");
      return { secret: row.secret };
    },
  });
}
