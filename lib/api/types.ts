// Shapes of the service's HTTP API as the console reads them: the contract's types
// (lib/contract), under the names the console uses.
// (the plain lists: this module reaches the browser, the zod schemas of enums.ts must not)
import { V2_STATUSES, type V2Status } from "@/lib/contract/enum-values";

export { FEEDBACK_STATUSES, ROLES, type FeedbackStatus, type Role } from "@/lib/contract/enum-values";
export type { TokenPair } from "@/lib/contract/auth";
export type {
  VerificationListQuery,
  VerificationList as VerificationListResponse,
  VerificationRecord,
  VerificationResult,
} from "@/lib/contract/v2";

export type VerificationStatus = V2Status;

/** The statuses in the order the console offers them (the life of a verification, then the ends). */
export const VERIFICATION_STATUSES = [
  "CREATED",
  "PROCESSING",
  "ANALYZING",
  "CNH_EXTRACT",
  "COMPLETED",
  "FAILED",
] as const satisfies readonly VerificationStatus[];
// every status of the contract is offered (a compile error names a status left out)
const _everyStatus: readonly (typeof VERIFICATION_STATUSES)[number][] = V2_STATUSES;
