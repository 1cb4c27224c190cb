// Translates every error into the envelope of the route's API version. Validation and parsing
// errors of Fastify itself become invalid_body; unknown errors are an opaque 500 internal_error
// logged with the request id, their message never sent.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, type ErrorCode } from "./errors";
import { redactText } from "../support/logger";

export function isV3(url: string): boolean {
  return url.startsWith("/api/v3/") || url === "/api/v3";
}

/** The review API (/api/review/v1, beyond the interface): v3 envelope, codes of its own for input. */
export function isReview(url: string): boolean {
  return url.startsWith("/api/review/") || url === "/api/review";
}

/** Routes answering {error: {code, message}}: v3 and the review API. */
export function hasCodedErrors(url: string): boolean {
  return isV3(url) || isReview(url);
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const body = hasCodedErrors(request.url) ? { error: { code: error.code, message: error.message } } : { error: error.message };
  return reply.status(error.status).send(body);
}

const FASTIFY_BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Body is empty",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Body must be JSON (Content-Type: application/json)",
  FST_ERR_CTP_BODY_TOO_LARGE: "Body is too large",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Content-Length does not match the body",
};

function translate(error: FastifyError, url: string): ApiError | null {
  if (error instanceof ApiError) return error;
  const bodyMessage = error.code ? FASTIFY_BODY_ERRORS[error.code] : undefined;
  if (bodyMessage) {
    const code: ErrorCode = hasCodedErrors(url) ? "invalid_body" : "invalid_request";
    const apiError = new ApiError(code, bodyMessage);
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") (apiError as { status: number }).status = 413;
    return apiError;
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = translate(error, request.url);
    if (apiError) return sendError(request, reply, apiError);
    request.log.error({ err: error }, "unexpected error");
    return sendError(request, reply, new ApiError("internal_error", "Unexpected failure; quote the request id to support", {}));
  });
  app.setNotFoundHandler((request, reply) => {
    const code: ErrorCode = hasCodedErrors(request.url) ? "not_found" : "route_not_found";
    return sendError(request, reply, new ApiError(code, `Route ${request.method} ${redactText(request.url.split("?")[0])} not found`));
  });
}
