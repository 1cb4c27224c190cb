// Shapes of the service's HTTP API as the console reads them (spec sections 2.1, 2.3, 4.1, 4.2).
// Dossier blocks are typed loosely on purpose: every field may be absent, and the console turns
// them into safe view models (lib/verifications/to-detail.ts) before rendering.

export const VERIFICATION_STATUSES = ["CREATED", "PROCESSING", "ANALYZING", "CNH_EXTRACT", "COMPLETED", "FAILED"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const FEEDBACK_STATUSES = ["NOTSTARTED", "APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const ROLES = ["admin", "analyst", "viewer", "integration"] as const;
export type Role = (typeof ROLES)[number];

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
  /** Seconds. */
  refreshExpiresIn?: number;
  tokenType?: string;
}

export interface VerificationResult {
  score?: number | null;
  scoreFactor?: number | null;
  rules?: unknown;
  execution?: { startedAt?: string; endedAt?: string; durationMs?: number } | null;
  scoreDistribution?: unknown;
  relatedCount?: number | null;
}

/** A v2 verification record: engine shape, or legacy shape (with a `verification` object). */
export interface VerificationRecord {
  id: string;
  workspaceId?: string;
  userId?: string;
  profileId?: string | null;
  nationalId?: string | null;
  name?: string | null;
  status: string;
  verifications?: { entity?: string; [key: string]: unknown } | null;
  result?: VerificationResult | null;
  person?: Record<string, unknown> | null;
  business?: Record<string, unknown> | null;
  verification?: {
    type?: string;
    version?: string;
    result?: VerificationResult | null;
    person?: Record<string, unknown> | null;
    business?: Record<string, unknown> | null;
    createdAt?: string;
    updatedAt?: string;
  } | null;
  failureReason?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface VerificationListResponse {
  verifications: VerificationRecord[];
  page: number;
  limit: number;
  total: number;
}

/** Query of GET /api/v2/verifications, with the API's own parameter names. */
export interface VerificationListQuery {
  page?: number;
  limit?: number;
  status?: VerificationStatus;
  search?: string;
  nationalId?: string;
  feedbackStatus?: FeedbackStatus;
  incomplete?: boolean;
  scoreGte?: number;
  scoreLte?: number;
}
