// The app factory: builds the Fastify instance from the process's services. The server
// (server/main.ts) and the tests (test/support/harness.ts) both use it; tests call app.inject().
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { Services } from "../context";
import { isReview, isV3, registerErrorHandling, sendError } from "./error-handler";
import { ApiError } from "./errors";
import { registerAuth } from "./auth";
import { redactUrl } from "../support/logger";
import { registerRateLimit } from "./rate-limit-hook";
import { registerBoundary } from "./boundary";
import { clientRequestIdOf, newRequestId, withRequestIds } from "./request-id";
import { registerAuthenticationRoutes } from "../v1/authentication";
import { registerVerificationRoutes } from "../v2/verifications/routes";
import { registerVerificationStatsRoute } from "../v2/verifications/stats-routes";
import { registerVerificationNetworkRoutes } from "../v2/verifications/network-routes";
import { registerSummaryRoutes } from "../v2/summary/routes";
import { registerPdfRoutes } from "../v2/pdf/routes";
import { registerDemoExposureRoute } from "../tenancy/demo-exposure";
import { registerV3Routes } from "../v3/routes";
import { registerV2ReviewRoutes } from "../v2/review-routes";
import { observeHttp } from "../metrics/observe";
import { checkReadiness } from "../metrics/readiness";
import { metricsRegistry } from "../metrics/scrape";
import { registerReviewRoutes } from "../review/routes";
import { REVIEW_ROOMS } from "../rooms";

/** Headers of every response: the request id (the client's when it sent one), nosniff, and no-store on the API. */
function baseHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("x-request-id", clientRequestIdOf(request.headers["x-request-id"]) ?? request.id);
  reply.header("X-Content-Type-Options", "nosniff");
  // API responses carry personal data (documents, names, dossiers): no cache may keep them
  if (request.url.startsWith("/api/")) reply.header("Cache-Control", "no-store");
}

export async function buildApp(s: Services): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: s.log as unknown as FastifyBaseLogger,
    // the server's own id, always (the client's is kept apart: server/http/request-id.ts)
    genReqId: () => newRequestId(),
    // a path that is not valid percent-encoded UTF-8, or a path parameter over 100 characters:
    // Fastify answers these before any hook; answer them in our envelope, without echoing the path
    frameworkErrors: (error, request, reply) => {
      baseHeaders(request, reply);
      const code = isV3(request.url) && !isReview(request.url) ? "invalid_body" : "invalid_parameter";
      const message =
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? "A path parameter is longer than 100 characters"
          : "The path is not valid percent-encoded UTF-8";
      return sendError(request, reply, new ApiError(code, message));
    },
    bodyLimit: 2 * 1024 * 1024,
    // the sign-in limit per address needs the client's address behind a proxy (LUPA_TRUST_PROXY)
    trustProxy: s.config.trustProxy,
  });
  // route schemas document the API (OpenAPI); validation is done by zod in the handlers, so
  // every error gets the exact code the spec gives it
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook("onRequest", (request, reply, done) => {
    baseHeaders(request, reply);
    done();
  });
  // the handler runs with the request's ids at hand, for its audit events (after the body is read:
  // a stream's events would not carry the context from onRequest)
  app.addHook("preHandler", (request, _reply, done) => {
    withRequestIds({ id: request.id, clientId: clientRequestIdOf(request.headers["x-request-id"]) }, done);
  });
  // metrics by route template, never the URL (server/metrics/observe.ts)
  app.addHook("onResponse", (request, reply, done) => {
    observeHttp(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.setChildLoggerFactory((logger, bindings, opts, rawReq) => {
    const clientReqId = clientRequestIdOf(rawReq.headers["x-request-id"]);
    return logger.child(clientReqId ? { ...bindings, clientReqId } : bindings, {
      ...opts,
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: redactUrl(req.url), id: req.id }),
      },
    });
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Lupa API",
        version: "1.0.0",
        description:
          "Identity verification (v2) and enrichment (v3) of Brazilian documents. See docs/ for decisions on what the interface leaves open.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  registerErrorHandling(app);
  app.decorate("admission", s.admission); // route() refuses by it (server/http/admission.ts)
  registerRateLimit(app, s); // first: its onRequest hook notes the arrival time before authentication
  registerAuth(app, s);
  registerBoundary(app);

  app.get("/health", { schema: { hide: true } }, async () => {
    await s.database.query("select 1");
    return { status: "ok", database: s.database.kind };
  });
  app.get("/ready", { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness(s.database);
    return reply.code(readiness.ready ? 200 : 503).send(readiness.body);
  });
  if (s.config.metrics.onApi) {
    const registry = metricsRegistry(s);
    app.get("/metrics", { schema: { hide: true } }, async (_request, reply) =>
      reply.header("content-type", registry.contentType).send(await registry.metrics()),
    );
  }
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  registerAuthenticationRoutes(app, s);
  registerVerificationRoutes(app, s);
  registerV2ReviewRoutes(app, s);
  registerVerificationStatsRoute(app, s);
  registerVerificationNetworkRoutes(app, s);
  registerSummaryRoutes(app, s);
  registerPdfRoutes(app, s);
  registerDemoExposureRoute(app, s);
  registerV3Routes(app, s);
  registerReviewRoutes(app, s, REVIEW_ROOMS);
  await app.ready();
  return app;
}
