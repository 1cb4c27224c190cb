// 50 requests per second per workspace on v3 routes (spec 8); beyond: 429 with Retry-After.
// Counted after authentication, so the key is the caller's workspace, in the window the request
// ARRIVED in (server/http/rate-limit.ts): the time is taken by an onRequest hook of its own, added
// before authentication's (register this first), as authentication may wait for the database.
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";
import { ApiError } from "./errors";
import { isV3 } from "./error-handler";

declare module "fastify" {
  interface FastifyRequest {
    /** When the service read the request (ms since the epoch). */
    arrivedAt: number;
  }
}

export function registerRateLimit(app: FastifyInstance, s: Services): void {
  app.decorateRequest("arrivedAt", 0);
  app.addHook("onRequest", (request, _reply, done) => {
    request.arrivedAt = Date.now();
    done();
  });
  app.addHook("preHandler", async (request, reply) => {
    if (!request.auth || !isV3(request.url)) return;
    const limit = s.config.rateLimitPerSecond;
    const result = await s.rateLimiter.hit(`v3:${request.auth.workspaceId}`, limit, 1000, request.arrivedAt);
    reply.header("X-RateLimit-Limit", String(limit));
    reply.header("X-RateLimit-Remaining", String(result.remaining));
    if (!result.allowed) {
      throw new ApiError("rate_limited", `More than ${limit} requests per second`, {
        "Retry-After": String(Math.max(1, Math.ceil(result.resetMs / 1000))),
      });
    }
  });
}
