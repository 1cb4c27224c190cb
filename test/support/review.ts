// Helpers of the review API's tests (test/service/review-*.test.ts): cases written directly in the
// state a test needs (like v2-verification-stats does), and requests to /api/review/v1.
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { enrichments, verifications } from "../../server/db/schema";
import { makeCpf } from "../../lib/contract/documents";
import type { TestService, TestWorkspace } from "./harness";

export const R = "/api/review/v1";
let serial = 0;

export interface CaseOptions {
  status?: string;
  score?: number | null;
  flags?: string[];
  name?: string;
  nationalId?: string;
  createdAt?: Date;
  /** Default: createdAt for COMPLETED and FAILED, null otherwise. */
  reviewStartedAt?: Date | null;
  feedbackStatus?: string | null;
  firstDecidedAt?: Date | null;
  assigneeId?: string | null;
}

export async function insertCase(t: TestService, ws: TestWorkspace, o: CaseOptions = {}): Promise<string> {
  const id = randomUUID();
  const status = o.status ?? "COMPLETED";
  const createdAt = o.createdAt ?? new Date(Date.now() - 60_000);
  const decidable = status === "COMPLETED" || status === "FAILED";
  await t.services.db.insert(verifications).values({
    id,
    workspaceId: ws.id,
    userId: ws.users.analyst.id,
    profileId: "prf_kyc_person",
    nationalId: o.nationalId ?? makeCpf(String(300000000 + ++serial * 7919)),
    entity: "person",
    name: o.name ?? `Pessoa ${serial}`,
    status,
    config: { source: "API" },
    score: o.score === undefined ? (decidable ? 800 : null) : o.score,
    riskFlags: o.flags ?? [],
    createdAt,
    updatedAt: createdAt,
    reviewStartedAt: o.reviewStartedAt === undefined ? (decidable ? createdAt : null) : o.reviewStartedAt,
    feedbackStatus: o.feedbackStatus ?? null,
    firstDecidedAt: o.firstDecidedAt ?? null,
    assigneeId: o.assigneeId ?? null,
    assignedAt: o.assigneeId ? createdAt : null,
  });
  return id;
}

/**
 * A v3 enrichment row written directly (the reveal reads only the enrichment's document). Its id
 * has letters only after enr_, so it never holds a run of digits that looks like a document.
 */
export async function insertEnrichment(t: TestService, ws: TestWorkspace, document = makeCpf(String(300000000 + ++serial * 7919))) {
  const id = `enr_${[...randomBytes(24)].map((b) => "abcdefghijklmnopqrstuvwxyz"[b % 26]).join("")}`;
  await t.services.db.insert(enrichments).values({
    id,
    workspaceId: ws.id,
    userId: ws.users.analyst.id,
    profileId: "prf_person_registry",
    profileName: "Pessoa: cadastro",
    profileKind: "enrichment",
    entity: document.length === 11 ? "person" : "company",
    document,
    lane: "interactive",
    metadata: {},
  });
  return { id, document };
}

export function reviewApi(t: TestService) {
  const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
    t.request({ method, url: `${R}${path}`, token, body });
  return {
    get: (path: string, token: string) => call("GET", path, token),
    post: (path: string, token: string, body: unknown = {}) => call("POST", path, token, body),
    put: (path: string, token: string, body: unknown) => call("PUT", path, token, body),
    patch: (path: string, token: string, body: unknown) => call("PATCH", path, token, body),
    del: (path: string, token: string) => call("DELETE", path, token),
    call,
  };
}

/** A v3-envelope error with this status and code. */
export function expectError(res: LightMyRequestResponse, status: number, code: string): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error: { code, message: expect.any(String) } } });
}

/** The workspace's audit events of one type (newest first), read from the table. */
export async function eventsOf(t: TestService, workspaceId: string, type: string, caseId?: string) {
  const rows = await t.services.database.query(
    `select * from audit_events where workspace_id = $1 and type = $2 ${caseId ? "and case_id = $3" : ""} order by id desc`,
    caseId ? [workspaceId, type, caseId] : [workspaceId, type],
  );
  return rows.rows as {
    id: string;
    actor_id: string | null;
    actor_email: string | null;
    case_id: string | null;
    entry_id: string | null;
    request_id: string | null;
    client_request_id: string | null;
    data: Record<string, unknown>;
  }[];
}
