// The error envelopes: v3 answers {error: {code, message}}; v1 and v2 answer {error: message}
// (docs/decisions.md, "Errors"). Codes come from the closed map in error-codes.ts.
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./error-codes";

const CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const V3ErrorBody = z.object({ error: z.object({ code: z.enum(CODES), message: z.string() }) });
export type V3ErrorBody = z.infer<typeof V3ErrorBody>;

export const V2ErrorBody = z.object({ error: z.string() });
export type V2ErrorBody = z.infer<typeof V2ErrorBody>;
