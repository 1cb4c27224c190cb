// 50 requests per second per workspace on v3 routes (spec 8); beyond: 429 with Retry-After.
// Runs after authentication, so the key is the caller's workspace.
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";
import { ApiError } from "./errors";
import { isV3 } from "./error-handler";

export function registerRateLimit(app: FastifyInstance, s: Services): void {
  app.addHook("preHandler", async (request, reply) => {
    if (!isV3(request.url) || !request.auth) return;
    const limit = s.config.rateLimitPerSecond;
    const result = await s.rateLimiter.hit(`v3:${request.auth.workspaceId}`, limit, 1000);
    reply.header("X-RateLimit-Limit", String(limit));
    reply.header("X-RateLimit-Remaining", String(result.remaining));
    if (!result.allowed) {
      throw new ApiError("rate_limited", `More than ${limit} requests per second`, {
        "Retry-After": String(Math.max(1, Math.ceil(result.resetMs / 1000))),
      });
    }
  });
}
