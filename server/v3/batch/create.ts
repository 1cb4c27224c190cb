// Batch creation (spec 4.4, 2.5c): one profile for every item, whole-request checks first
// (profile, plan, contract: any failure creates nothing), then per-item checks; every created
// enrichment is written in ONE transaction (lane "batch", its own queue), then dispatched.
// Idempotency-Key (scope "batch"): the first response is stored without documents and replayed
// with the documents of the resent body; a different body with the same key is 422.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Services } from "../../context";
import type { Tx } from "../../db/client";
import { batches, enrichments, idempotencyKeys } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { maskDocument, normalizeDocument } from "../../../lib/contract/documents";
import { insertCollections } from "../../engine/store";
import { splitAvailable } from "../../datasets/sources";
import { dispatchMany } from "../../engine/workers";
import { countCreated } from "../../metrics/observe";
import type { TokenClaims } from "../../auth/tokens";
import type { Entity } from "../../datasets/types";
import { checkContract, planModules, resolveProfile } from "../enrichments/plan";
import { newEnrichmentId } from "../enrichments/ids";
import { isPlainObject, type BatchRequest } from "./validate";
import { MAX_INPUT_DEPTH } from "../../http/boundary";
import { metadataProblem } from "../../http/metadata";
import type { BATCH_ITEM_ERRORS, BatchResponse } from "../../../lib/contract";
import type { BatchRefusal } from "../../../lib/contract/review";

export const IDEMPOTENCY_SCOPE = "batch";

/** The 202 answer (lib/contract/v3.ts). */
export type { BatchResponse };
export type BatchItemResult = BatchResponse["items"][number];
export type ItemErrorCode = (typeof BATCH_ITEM_ERRORS)[number];

export function newBatchId(): string {
  return `bat_${randomBytes(12).toString("hex")}`;
}

/** Stable JSON (sorted keys) so that key order does not make two equal bodies differ. */
function canonical(value: unknown, depth = 0): string {
  // the boundary bounds every request's depth (MAX_INPUT_DEPTH); refuse deeper here too
  if (depth > MAX_INPUT_DEPTH + 3) throw new ApiError("invalid_body", `body: nested deeper than ${MAX_INPUT_DEPTH} levels`);
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Hash of the request as the service understands it: normalized documents and deadline. */
export function requestHash(req: BatchRequest): string {
  const normalized = {
    profileId: req.profileId,
    items: req.items.map((item) => {
      const doc = typeof item.document === "string" ? normalizeDocument(item.document) : null;
      return { document: doc ? doc.value : (item.document ?? null), metadata: item.hasMetadata ? item.metadata : undefined };
    }),
    addons: req.addons,
    deadline: req.deadline?.normalized ?? null,
    callback: req.callback,
    metadata: req.metadata,
  };
  return createHash("sha256").update(canonical(normalized)).digest("hex");
}

const MESSAGES: Record<ItemErrorCode, string> = {
  invalid_document: "document is not a valid CPF or CNPJ",
  profile_entity_mismatch: "",
  duplicate_in_request: "document repeats an earlier item of this batch; only the first is created",
  invalid_metadata: "metadata must be an object",
};

/** The stored form of a response: no documents (they are personal data). */
function stripDocuments(response: BatchResponse): Record<string, unknown> {
  return { ...response, items: response.items.map(({ document: _document, ...rest }) => rest) };
}

function withDocuments(stored: Record<string, unknown>, req: BatchRequest): BatchResponse {
  const items = (stored.items as Omit<BatchItemResult, "document">[]).map((item) => ({
    ...item,
    document: req.items[item.index]?.document ?? null,
  }));
  return { ...(stored as unknown as BatchResponse), items: items as BatchItemResult[] };
}

class Replay extends Error {}

async function replay(s: Services, workspaceId: string, key: string, hash: string, req: BatchRequest): Promise<BatchResponse | null> {
  const [row] = await s.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.scope, IDEMPOTENCY_SCOPE), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used with a different body");
  if (!row.response)
    throw new ApiError("idempotency_retry", "The first request with this Idempotency-Key is still being processed; repeat it");
  return withDocuments(row.response, req);
}

export async function createBatch(s: Services, who: TokenClaims, req: BatchRequest, idempotencyKey: string | null): Promise<BatchResponse> {
  const workspaceId = who.workspaceId;
  const hash = idempotencyKey ? requestHash(req) : "";
  if (idempotencyKey) {
    const previous = await replay(s, workspaceId, idempotencyKey, hash, req);
    if (previous) return previous;
  }

  // whole request: profile, plan, contract (spec 4.4 processing order); any failure creates nothing
  const profile = await resolveProfile(s.db, workspaceId, req.profileId, null);
  const plan = planModules(profile, req.addons);
  await checkContract(s.db, workspaceId, plan.actions);

  const batchId = newBatchId();
  const now = new Date();
  const deadlineAt = req.deadline ? new Date(now.getTime() + req.deadline.seconds * 1000) : null;
  const results: BatchItemResult[] = [];
  const rows: (typeof enrichments.$inferInsert)[] = [];
  const seen = new Set<string>();
  // kept with the batch (masked): GET /api/v3/enrichments?batchId= lists only what was created
  const refused: BatchRefusal[] = [];
  req.items.forEach((item, index) => {
    const document = typeof item.document === "string" ? normalizeDocument(item.document) : null;
    const refuse = (code: ItemErrorCode, message = MESSAGES[code]) => {
      results.push({ index, document: item.document, error: { code, message } });
      refused.push({ index, document: document ? maskDocument(document.value) : null, error: { code, message } });
    };
    if (!document) return refuse("invalid_document");
    if (document.entity !== profile.entity) {
      return refuse("profile_entity_mismatch", `Profile serves ${profile.entity} documents, the document is a ${document.entity}`);
    }
    if (item.hasMetadata && !isPlainObject(item.metadata)) return refuse("invalid_metadata");
    // item metadata overrides the batch metadata key by key, first level only; the result is
    // held to the metadata limits (the batch's own metadata was checked with the request)
    const metadata = item.hasMetadata ? { ...req.metadata, ...(item.metadata as Record<string, unknown>) } : req.metadata;
    const tooLarge = item.hasMetadata ? metadataProblem(metadata, `items.${index}.metadata`) : null;
    if (tooLarge) return refuse("invalid_metadata", `${tooLarge} (with the batch metadata)`);
    if (seen.has(document.value)) return refuse("duplicate_in_request");
    seen.add(document.value);
    const id = newEnrichmentId();
    rows.push({
      id,
      workspaceId,
      userId: who.userId,
      profileId: profile.id,
      profileName: profile.name,
      profileKind: profile.kind,
      entity: document.entity,
      document: document.value,
      lane: "batch",
      batchId,
      metadata,
      deadline: req.deadline?.normalized ?? null,
      callback: req.callback,
      createdAt: now,
    });
    results.push({ index, id, document: item.document as string }); // a string: normalizeDocument accepted it
  });
  const response: BatchResponse = {
    batchId,
    total: req.items.length,
    created: rows.length,
    failed: req.items.length - rows.length,
    items: results,
  };

  try {
    await s.db.transaction(async (tx: Tx) => {
      if (idempotencyKey) {
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({
            workspaceId,
            scope: IDEMPOTENCY_SCOPE,
            key: idempotencyKey,
            requestHash: hash,
            resourceId: batchId,
            response: stripDocuments(response),
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length === 0) throw new Replay(); // a concurrent request with the same key won
      }
      await tx.insert(batches).values({
        id: batchId,
        workspaceId,
        profileId: profile.id,
        total: response.total,
        created: response.created,
        failed: response.failed,
        refused,
        createdAt: now,
      });
      // one statement for every row: what differs per row goes as one JSON parameter
      if (rows.length > 0) {
        const perRow = rows.map((r) => ({ id: r.id, entity: r.entity, document: r.document, metadata: r.metadata }));
        await tx.execute(sql`
          insert into enrichments (id, workspace_id, user_id, profile_id, profile_name, profile_kind, entity, document, lane,
            batch_id, metadata, deadline, callback, created_at)
          select id, ${workspaceId}::uuid, ${who.userId}::uuid, ${profile.id}, ${profile.name}, ${profile.kind}, entity, document, 'batch',
            ${batchId}, metadata, ${req.deadline?.normalized ?? null}, ${req.callback ? JSON.stringify(req.callback) : null}::jsonb,
            ${now.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(perRow)}::jsonb) as t(id text, entity text, document text, metadata jsonb)`);
      }
      await insertCollections(
        tx,
        rows.map((row) => ({
          id: row.id,
          workspaceId,
          owner: "enrichment",
          entity: row.entity as Entity,
          document: row.document,
          lane: "batch",
          deadlineAt,
          ...splitAvailable(s.provider, row.entity as Entity, plan.modules),
          // no synchronous wait in a batch: every item that has a callback sends it when it ends
          callbackArmed: req.callback !== null,
        })),
        now,
      );
    });
  } catch (error) {
    if (error instanceof Replay && idempotencyKey) {
      const previous = await replay(s, workspaceId, idempotencyKey, hash, req);
      if (previous) return previous;
    }
    throw error;
  }

  countCreated("enrichment", "batch", rows.length);
  // first jobs, in one statement; a job lost here (crash) is re-sent by the engine's sweep
  await dispatchMany(
    s,
    rows.map((row) => row.id),
    "batch",
  );
  return response;
}
