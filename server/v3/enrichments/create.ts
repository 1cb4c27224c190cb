// POST /api/v3/enrichments after validation: idempotent replay, profile, plan, contract, then the
// enrichment, its collection and its Idempotency-Key row in ONE transaction, the job, and the
// synchronous wait for a terminal status (woken by the engine's NOTIFY, never by polling).
//
// Callback arming closes a race with the engine: the engine's terminal statement locks the
// collection row and reads collections.callback_armed from it (the row's latest version) to
// decide whether to deliver a callback. Arming sets that flag on the same row, locked first:
// either the engine committed before (the arm sees a terminal status and the request answers 200
// instead of 202) or it commits after (it sees the arm and sends the callback).
import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Services } from "../../context";
import type { Db } from "../../db/client";
import { collections, enrichments, idempotencyKeys } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { isUnavailable } from "../../db/errors";
import { insertCollection, loadCollection } from "../../engine/store";
import { splitAvailable } from "../../datasets/sources";
import { countCreated } from "../../metrics/observe";
import { dispatch } from "../../engine/workers";
import type { TokenClaims } from "../../auth/tokens";
import type { Collection } from "../../engine/types";
import type { ValidCallback } from "../../callbacks/validate";
import type { Profile } from "../../profiles/find-profile";
import { newEnrichmentId } from "./ids";
import { checkContract, planModules, resolveProfile, type Plan } from "./plan";
import { loadView } from "./queries";
import type { CreateInput } from "./schemas";
import { isTerminal, retryAfterOf, toResource } from "./serialize";
import type { Enrichment, EnrichmentAccepted } from "../../../lib/contract";

export const IDEMPOTENCY_SCOPE = "enrichment";

export interface CreationResponse {
  status: 200 | 202;
  body: Enrichment | EnrichmentAccepted;
  headers: Record<string, string>;
}

class KeyTaken extends Error {}

/**
 * The database being unavailable while reading profiles or contracts is a temporary 503 (spec 7).
 * Any other failure is not the client's to retry and stays a 500 (server/db/errors.ts).
 */
async function unavailableAs<T>(s: Services, code: "profiles_unavailable" | "billing_unavailable", read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError || !isUnavailable(error)) throw error;
    s.log.error({ err: error }, code);
    throw new ApiError(code, "Temporarily unavailable; repeat the request with the same Idempotency-Key");
  }
}

type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

async function findKey(db: Db, workspaceId: string, key: string): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.scope, IDEMPOTENCY_SCOPE), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

export async function createEnrichment(
  s: Services,
  who: TokenClaims,
  input: CreateInput,
  key: string | null,
  reply: FastifyReply,
): Promise<CreationResponse> {
  if (key) {
    const prior = await findKey(s.db, who.workspaceId, key);
    if (prior) return replay(s, who.workspaceId, prior, input);
  }
  const profile = await unavailableAs(s, "profiles_unavailable", () =>
    resolveProfile(s.db, who.workspaceId, input.profileId, input.document.entity),
  );
  const plan = planModules(profile, input.addons);
  await unavailableAs(s, "billing_unavailable", () => checkContract(s.db, who.workspaceId, plan.actions));

  const id = newEnrichmentId();
  try {
    const sourced = { ...plan, ...splitAvailable(s.provider, input.document.entity, plan.modules) };
    await insertEnrichment(s.db, who, input, profile, sourced, id, key);
  } catch (error) {
    if (!(error instanceof KeyTaken) || !key) throw error;
    // a concurrent request with the same key won: answer as its replay
    const winner = await findKey(s.db, who.workspaceId, key);
    if (!winner) throw new ApiError("idempotency_retry", "Repeat the request with the same Idempotency-Key");
    return replay(s, who.workspaceId, winner, input);
  }
  countCreated("enrichment", "interactive");
  try {
    await dispatch(s, id, "interactive");
  } catch (err) {
    // the sweeper re-sends jobs that never reached the queue
    s.log.warn({ err, enrichment: id }, "collection job not sent; the sweeper will retry");
  }
  return waitForOutcome(s, who.workspaceId, id, reply);
}

async function insertEnrichment(
  db: Db,
  who: TokenClaims,
  input: CreateInput,
  profile: Profile,
  plan: Plan & { unavailable: { module: string; dataset: string }[] },
  id: string,
  key: string | null,
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    if (key) {
      const taken = await tx
        .insert(idempotencyKeys)
        .values({ workspaceId: who.workspaceId, scope: IDEMPOTENCY_SCOPE, key, requestHash: input.hash, resourceId: id, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 0) throw new KeyTaken();
    }
    await tx.insert(enrichments).values({
      id,
      workspaceId: who.workspaceId,
      userId: who.userId,
      profileId: profile.id,
      profileName: profile.name,
      profileKind: profile.kind,
      entity: input.document.entity,
      document: input.document.value,
      lane: "interactive",
      batchId: null,
      metadata: input.metadata,
      deadline: input.deadline?.normalized ?? null,
      callback: input.callback,
      createdAt: now,
    });
    await insertCollection(
      tx,
      {
        id,
        workspaceId: who.workspaceId,
        owner: "enrichment",
        entity: input.document.entity,
        document: input.document.value,
        lane: "interactive",
        deadlineAt: input.deadline ? new Date(now.getTime() + input.deadline.seconds * 1000) : null,
        modules: plan.modules,
        unavailable: plan.unavailable,
      },
      now,
    );
  });
}

/** Same key: same body replays (200 when terminal, else 202 and the callback re-armed); another body is refused. */
async function replay(s: Services, workspaceId: string, row: IdempotencyRow, input: CreateInput): Promise<CreationResponse> {
  if (row.requestHash !== input.hash) throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used with a different body");
  return afterArming(s, workspaceId, row.resourceId, await armCallback(s.db, workspaceId, row.resourceId, input.callback));
}

/**
 * Arms the callback of a live enrichment (and replaces it when `callback` is given), with the
 * collection row locked: collections.callback_armed, when the enrichment has a callback. Returns
 * that row: live means armed (or nothing to arm); terminal means nothing was armed (the engine's
 * terminal statement committed first). null when unknown.
 */
export async function armCallback(
  db: Db,
  workspaceId: string,
  id: string,
  callback: ValidCallback | null = null,
): Promise<Collection | null> {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(collections)
      .where(and(eq(collections.id, id), eq(collections.workspaceId, workspaceId)))
      .for("update");
    if (!c) return null;
    if (isTerminal(c)) return c;
    if (callback) {
      await tx
        .update(enrichments)
        .set({ callback })
        .where(and(eq(enrichments.id, id), eq(enrichments.workspaceId, workspaceId)));
    }
    const hasCallback = callback
      ? sql`true`
      : sql`exists (select 1 from ${enrichments} where ${enrichments.id} = ${id} and ${enrichments.workspaceId} = ${workspaceId} and ${enrichments.callback} is not null)`;
    const [armed] = await tx.update(collections).set({ callbackArmed: hasCallback }).where(eq(collections.id, id)).returning();
    return armed ?? c;
  });
}

/** 202 {id, status} + Retry-After while the armed collection runs; 200 with the body when it ended first. */
async function afterArming(s: Services, workspaceId: string, id: string, c: Collection | null): Promise<CreationResponse> {
  if (!c) throw new ApiError("not_found", "enrichment not found");
  if (isTerminal(c)) return finished(s, workspaceId, id);
  const retryAfter = retryAfterOf(c, s.config.schedules.retryAfterSeconds) ?? s.config.schedules.retryAfterSeconds;
  return { status: 202, body: { id, status: c.status as EnrichmentAccepted["status"] }, headers: { "Retry-After": String(retryAfter) } };
}

async function finished(s: Services, workspaceId: string, id: string): Promise<CreationResponse> {
  const ticket = s.records.ticket(id);
  const view = await loadView(s.db, workspaceId, id);
  if (!view) throw new ApiError("not_found", "enrichment not found");
  // the creator reads it next: its GET without `include` is served from the record cache, as the
  // GET itself would store it (a terminal enrichment never changes; server/http/record-cache.ts)
  if (isTerminal(view.collection)) s.records.put(ticket, "v3", workspaceId, "", JSON.stringify(toResource(view, null)));
  return { status: 200, body: toResource(view, "all"), headers: {} };
}

/**
 * Waits up to syncWaitMs for the terminal event. A client that closes the connection first gets
 * its callback armed at once; the collection goes on either way (it runs in the workers).
 */
async function waitForOutcome(s: Services, workspaceId: string, id: string, reply: FastifyReply): Promise<CreationResponse> {
  let onClose: () => void = () => {};
  const disconnected = new Promise<boolean>((resolve) => {
    onClose = () => {
      if (reply.raw.writableFinished) return;
      armCallback(s.db, workspaceId, id).catch((err) =>
        s.log.warn({ err, enrichment: id }, "arming the callback after a disconnect failed"),
      );
      resolve(false);
    };
    // the client may have gone while the enrichment was being saved and dispatched: then the
    // "close" event has already fired and will not come again. The socket tells; the request
    // stream does not (it is destroyed as soon as its body has been read, client there or not:
    // checking it answered every POST over HTTP with an immediate 202).
    const socket = reply.raw.socket;
    const gone = reply.raw.destroyed || socket === null || socket.destroyed;
    if (gone) onClose();
    else reply.raw.once("close", onClose);
  });
  try {
    const terminal = await Promise.race([
      s.events.waitForTerminal(id, s.config.schedules.syncWaitMs, async () => {
        const c = await loadCollection(s.db, id);
        return c !== null && isTerminal(c);
      }),
      disconnected,
    ]);
    if (terminal) return await finished(s, workspaceId, id);
    return await afterArming(s, workspaceId, id, await armCallback(s.db, workspaceId, id));
  } finally {
    reply.raw.removeListener("close", onClose);
  }
}
