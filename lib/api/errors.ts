// One error type for every failed API call. The service answers v2 errors as {error: string} and
// v3 errors as {error: {code, message}} (lib/contract/error-bodies.ts); both end up here with a
// stable `code`.
import { V2ErrorBody, V3ErrorBody } from "@/lib/contract/error-bodies";

const CODE_BY_STATUS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "unprocessable",
  429: "rate_limited",
};

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** Seconds the service asked to wait before repeating (its Retry-After), when it said. */
  retryAfter: number | null = null;

  /** The service could not be reached, or answered something that is not the contract. */
  static unavailable(message = "service unavailable"): ApiError {
    return new ApiError(503, "service_unavailable", message);
  }
}

/** Builds an ApiError from a response status and its (possibly non-JSON) body. */
export function toApiError(status: number, body: unknown, headers?: Headers): ApiError {
  // step-up on a v2 route (the restrictive list's export): the message-only envelope, told by its challenge (issue 34)
  if (status === 401 && headers?.get("www-authenticate")?.includes("insufficient_user_authentication"))
    return new ApiError(status, "reauthentication_required", "reauthentication required");
  const fallbackCode = CODE_BY_STATUS[status] ?? (status >= 500 ? "upstream_error" : "http_error");
  const v3 = V3ErrorBody.safeParse(body);
  if (v3.success) return new ApiError(status, v3.data.error.code, v3.data.error.message);
  const v2 = V2ErrorBody.safeParse(body);
  if (v2.success) return new ApiError(status, fallbackCode, v2.data.error);
  return new ApiError(status, fallbackCode, `HTTP ${status}`);
}
