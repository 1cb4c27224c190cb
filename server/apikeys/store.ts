// API keys of a workspace (issue 34, item 4): created by an admin (the secret answered once,
// stored as its SHA-256), listed, revoked. Every query names the workspace: another workspace's
// key is not found. Creation and revocation record their audit events in the same transaction.
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
import type { TokenClaims } from "../auth/tokens";
import { ApiError, notFound } from "../http/errors";
import { actorOf, recordEvent } from "../review/audit/record";
import { API_KEY_LIVE_LIMIT, API_KEY_MAX_DAYS, type ApiKey, type CreateApiKeyBody, type CreatedApiKey } from "../../lib/contract/api-keys";
import { hashSecret, newSecret, prefixOf } from "./secret";

type Row = typeof apiKeys.$inferSelect;

export function toApiKey(row: Row, now = new Date()): ApiKey {
  const state = row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active";
  return {
    id: row.id,
    name: row.name,
    role: "integration",
    prefix: row.prefix,
    state,
    createdBy: { id: row.createdBy, email: row.createdByEmail },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    useCount: row.useCount,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const live = (workspaceId: string, now: Date) =>
  and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

export async function listKeys(db: Db, workspaceId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const now = new Date();
  return rows.map((r) => toApiKey(r, now));
}

export async function createKey(db: Db, caller: TokenClaims, requestId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  const now = new Date();
  let expiresAt: Date | null = null;
  if (body.expiresAt !== undefined) {
    expiresAt = new Date(body.expiresAt);
    if (expiresAt.getTime() <= now.getTime()) throw new ApiError("invalid_body", "expiresAt must be in the future");
    if (expiresAt.getTime() > now.getTime() + API_KEY_MAX_DAYS * 86_400_000)
      throw new ApiError("invalid_body", `expiresAt must be within ${API_KEY_MAX_DAYS} days`);
  }
  const secret = newSecret();
  return db.transaction(async (tx) => {
    // the cap on live keys, counted under a lock of the workspace's keys: two creations at once
    // cannot both take the last place
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api_keys:${caller.workspaceId}`}))`);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(live(caller.workspaceId, now))) as [{ count: number }];
    if (count >= API_KEY_LIVE_LIMIT)
      throw new ApiError("api_key_limit_reached", `The workspace holds ${API_KEY_LIVE_LIMIT} live keys already; revoke one first`);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id: randomUUID(),
        workspaceId: caller.workspaceId,
        name: body.name,
        role: body.role,
        prefix: prefixOf(secret),
        secretHash: hashSecret(secret),
        createdBy: caller.userId,
        createdByEmail: caller.email,
        createdAt: now,
        expiresAt,
      })
      .returning();
    await recordEvent(tx, {
      workspaceId: caller.workspaceId,
      type: "api_key.created",
      actor: actorOf(caller),
      requestId,
      data: { apiKeyId: row!.id, name: row!.name, prefix: row!.prefix, role: row!.role, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return { ...toApiKey(row!, now), secret };
  });
}

/** Revokes the key; answers it and its hash (the guard forgets it). 409 api_key_revoked when revoked already. */
export async function revokeKey(db: Db, caller: TokenClaims, requestId: string, id: string): Promise<{ key: ApiKey; secretHash: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: caller.userId })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, caller.workspaceId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, caller.workspaceId)));
      if (!existing) throw notFound("API key");
      throw new ApiError("api_key_revoked", "The API key is revoked already");
    }
    await recordEvent(tx, {
      workspaceId: caller.workspaceId,
      type: "api_key.revoked",
      actor: actorOf(caller),
      requestId,
      data: { apiKeyId: row.id, name: row.name, prefix: row.prefix },
    });
    return { key: toApiKey(row), secretHash: row.secretHash };
  });
}
