// 50 requests per second per workspace on v3 routes (spec 8); beyond: 429 with Retry-After.
// Counted after authentication, so the key is the caller's workspace, in the window the request
// ARRIVED in (server/http/rate-limit.ts): the time is taken by an onRequest hook of its own, added
// before authentication's (register this first), as authentication may wait for the database.
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";
import { ApiError } from "./errors";
import { isV3 } from "./error-handler";
import type { RateLimitResult } from "./rate-limit";

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
  // a callback hook: most hits are answered from the process's lease without a promise (hitNow)
  app.addHook("preHandler", (request, reply, done) => {
    if (!request.auth || !isV3(request.url)) return done();
    const limit = s.config.rateLimitPerSecond;
    const key = `v3:${request.auth.workspaceId}`;
    const answered = (result: RateLimitResult) => {
      reply.header("X-RateLimit-Limit", String(limit));
      reply.header("X-RateLimit-Remaining", String(result.remaining));
      if (result.allowed) return done();
      done(
        new ApiError("rate_limited", `More than ${limit} requests per second`, {
          "Retry-After": String(Math.max(1, Math.ceil(result.resetMs / 1000))),
        }),
      );
    };
    const now = s.rateLimiter.hitNow(key, limit, 1000, request.arrivedAt);
    if (now) return answered(now);
    s.rateLimiter.hit(key, limit, 1000, request.arrivedAt).then(answered, done);
  });
}
