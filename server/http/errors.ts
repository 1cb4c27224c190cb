// One error class and one translator (see server/http/error-handler.ts). Messages are diagnostic
// text for developers: never a document, a name or a token.
import { ERROR_STATUS, type ErrorCode } from "../../lib/contract/error-codes";

export { ERROR_STATUS, type ErrorCode };

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = "resource") => new ApiError("not_found", `${what} not found`);
