// GET /api/v3/callback-secret – the workspace's callback signing secret: { secret: "<hex>" } (32 random bytes)
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../context";
import { workspaces } from "../db/schema";
import { caller } from "../http/auth";
import { ApiError } from "../http/errors";
import { jsonSchema } from "../http/validate";

export function registerCallbackSecretRoute(app: FastifyInstance, s: Services): void {
  app.get("/api/v3/callback-secret", {
    config: { permission: "callback-secret:read" },
    schema: { tags: ["v3 callbacks"], summary: "Get the callback signing secret (hex)", response: { 200: jsonSchema(z.object({ secret: z.string() })) } },
  }, async (request, reply) => {
    const [row] = await s.db.select({ secret: workspaces.callbackSecret }).from(workspaces).where(eq(workspaces.id, caller(request).workspaceId));
    if (!row) throw new ApiError("not_found", "workspace not found");
    reply.header("Cache-Control", "no-store");
    return { secret: row.secret };
  });
}
