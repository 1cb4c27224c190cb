// Rule set versions in the database (table rulesets; docs/rules.md, "Lifecycle"): version 1 of a
// profile made on first need, drafts, publishing (maker and checker), activation (rollback is
// activating an older version) and shadow. Every change records its audit event in its own
// transaction (events.ts). Another workspace's version is not found, like a missing one.
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { profiles, rulesets } from "../db/schema";
import { ApiError, notFound } from "../http/errors";
import type { TokenClaims } from "../auth/tokens";
import { findProfile } from "../profiles/find-profile";
import { readSettings } from "../review/settings/store";
import { recordEvent } from "../review/audit/record";
import { userRefs, refOf } from "../review/user-refs";
import type { Ruleset } from "../../lib/contract/rules";
import type { Entity } from "./facts";
import { validateRuleset, versionOne, type RulesetBody } from "./ruleset";
import { rulesetEvent } from "./events";

export type RulesetRow = typeof rulesets.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A verification profile the workspace sees, with its entity; 404 profile_not_found otherwise. */
export async function scoringProfile(db: Db | Tx, workspaceId: string, profileId: string): Promise<{ id: string; entity: Entity }> {
  const profile = await findProfile(db, workspaceId, profileId);
  if (!profile || profile.kind !== "verification" || (profile.entity !== "person" && profile.entity !== "company"))
    throw new ApiError("profile_not_found", "No scoring profile with this id in the workspace");
  return { id: profile.id, entity: profile.entity };
}

/**
 * Version 1 of a workspace's profile, published and active, made the first time anything needs
 * the profile's rule sets (a concurrent maker's row wins; nothing is made twice).
 */
export async function ensureVersionOne(db: Db | Tx, workspaceId: string, profileId: string): Promise<void> {
  const [existing] = await db
    .select({ id: rulesets.id })
    .from(rulesets)
    .where(and(eq(rulesets.workspaceId, workspaceId), eq(rulesets.profileId, profileId)))
    .limit(1);
  if (existing) return;
  const [profile] = await db.select({ rules: profiles.rules }).from(profiles).where(eq(profiles.id, profileId));
  const v1 = versionOne(profile?.rules ?? []);
  const now = new Date();
  await db
    .insert(rulesets)
    .values({
      id: randomUUID(),
      workspaceId,
      profileId,
      version: 1,
      state: "published",
      rules: v1.rules,
      thresholds: v1.thresholds,
      active: true,
      publishedAt: now,
      activatedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** The active version of a profile and its shadow versions (version 1 made if there is none yet). */
export async function scoringVersions(
  db: Db | Tx,
  workspaceId: string,
  profileId: string,
): Promise<{ active: RulesetRow | null; shadows: RulesetRow[] }> {
  let rows = await db
    .select()
    .from(rulesets)
    .where(and(eq(rulesets.workspaceId, workspaceId), eq(rulesets.profileId, profileId), sql`(${rulesets.active} or ${rulesets.shadow})`));
  if (rows.length === 0) {
    await ensureVersionOne(db, workspaceId, profileId);
    rows = await db
      .select()
      .from(rulesets)
      .where(
        and(eq(rulesets.workspaceId, workspaceId), eq(rulesets.profileId, profileId), sql`(${rulesets.active} or ${rulesets.shadow})`),
      );
  }
  return {
    active: rows.find((r) => r.active) ?? null,
    shadows: rows.filter((r) => r.shadow && !r.active).sort((a, b) => a.version - b.version),
  };
}

export async function findRuleset(db: Db | Tx, workspaceId: string, id: string, lock = false): Promise<RulesetRow> {
  if (!UUID.test(id)) throw notFound("rule set");
  const query = db
    .select()
    .from(rulesets)
    .where(and(eq(rulesets.workspaceId, workspaceId), eq(rulesets.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("rule set");
  return row;
}

export async function listRulesets(db: Db, workspaceId: string, profileId: string): Promise<RulesetRow[]> {
  await scoringProfile(db, workspaceId, profileId);
  await ensureVersionOne(db, workspaceId, profileId);
  return db
    .select()
    .from(rulesets)
    .where(and(eq(rulesets.workspaceId, workspaceId), eq(rulesets.profileId, profileId)))
    .orderBy(desc(rulesets.version));
}

export async function toRulesets(db: Db | Tx, rows: RulesetRow[]): Promise<Ruleset[]> {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.createdBy, r.updatedBy, r.publishedBy]),
  );
  return rows.map((r) => ({
    id: r.id,
    profileId: r.profileId,
    version: r.version,
    state: r.state as Ruleset["state"],
    active: r.active,
    shadow: r.shadow,
    basedOn: r.basedOn,
    rules: r.rules,
    thresholds: r.thresholds,
    createdBy: refOf(refs, r.createdBy),
    updatedBy: refOf(refs, r.updatedBy),
    publishedBy: refOf(refs, r.publishedBy),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    activatedAt: r.activatedAt?.toISOString() ?? null,
  }));
}

/** POST /rulesets: a draft copying `basedOn` (default the active version), numbered after the profile's last. */
export async function createDraft(
  db: Db,
  caller: TokenClaims,
  requestId: string,
  profileId: string,
  basedOn?: string,
): Promise<RulesetRow> {
  await scoringProfile(db, caller.workspaceId, profileId);
  await ensureVersionOne(db, caller.workspaceId, profileId);
  return db.transaction(async (tx) => {
    // one numbering at a time per profile: the active row's lock orders concurrent drafts
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rulesets:${caller.workspaceId}:${profileId}`}))`);
    const source = basedOn
      ? await findRuleset(tx, caller.workspaceId, basedOn)
      : (await scoringVersions(tx, caller.workspaceId, profileId)).active;
    if (!source || source.profileId !== profileId) throw new ApiError("invalid_body", "basedOn: not a version of this profile");
    const [{ last }] = (await tx
      .select({ last: sql<number>`coalesce(max(${rulesets.version}), 0)::int` })
      .from(rulesets)
      .where(and(eq(rulesets.workspaceId, caller.workspaceId), eq(rulesets.profileId, profileId)))) as [{ last: number }];
    const now = new Date();
    const [row] = await tx
      .insert(rulesets)
      .values({
        id: randomUUID(),
        workspaceId: caller.workspaceId,
        profileId,
        version: last + 1,
        state: "draft",
        rules: source.rules,
        thresholds: source.thresholds,
        basedOn: source.id,
        createdBy: caller.userId,
        updatedBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEvent(
      tx,
      rulesetEvent(caller, requestId, "ruleset.draft_saved", row!, { created: true, basedOn: source.id, basedOnVersion: source.version }),
    );
    return row!;
  });
}

/** PUT /rulesets/{id}: a draft's rules and thresholds, validated whole (400 invalid_ruleset stores nothing). */
export async function updateDraft(
  db: Db,
  caller: TokenClaims,
  requestId: string,
  id: string,
  rules: unknown,
  thresholds: unknown,
): Promise<RulesetRow> {
  return db.transaction(async (tx) => {
    const row = await findRuleset(tx, caller.workspaceId, id, true);
    if (row.state !== "draft") throw new ApiError("not_draft", `Version ${row.version} is published: only a draft can be edited`);
    const { entity } = await scoringProfile(tx, caller.workspaceId, row.profileId);
    const body: RulesetBody = validateRuleset(entity, rules, thresholds);
    const [updated] = await tx
      .update(rulesets)
      .set({ rules: body.rules, thresholds: body.thresholds, updatedBy: caller.userId, updatedAt: new Date() })
      .where(eq(rulesets.id, row.id))
      .returning();
    await recordEvent(tx, rulesetEvent(caller, requestId, "ruleset.draft_saved", updated!, { rules: body.rules.length }));
    return updated!;
  });
}

/** POST /rulesets/{id}/publish: immutable from now on; with rules.requireSecondPerson, by someone other than its last editor. */
export async function publish(db: Db, caller: TokenClaims, requestId: string, id: string): Promise<RulesetRow> {
  const settings = await readSettings(db, caller.workspaceId);
  return db.transaction(async (tx) => {
    const row = await findRuleset(tx, caller.workspaceId, id, true);
    if (row.state !== "draft") throw new ApiError("not_draft", `Version ${row.version} is published already`);
    if (settings.rules.requireSecondPerson && row.updatedBy === caller.userId)
      throw new ApiError("same_person", "The draft's last editor cannot publish it: another admin must (rules.requireSecondPerson)");
    // a draft saved before a catalog change is checked again: what is published always type-checks
    const { entity } = await scoringProfile(tx, caller.workspaceId, row.profileId);
    validateRuleset(entity, row.rules, row.thresholds);
    const now = new Date();
    const [updated] = await tx
      .update(rulesets)
      .set({ state: "published", publishedBy: caller.userId, publishedAt: now, updatedAt: now })
      .where(eq(rulesets.id, row.id))
      .returning();
    await recordEvent(tx, rulesetEvent(caller, requestId, "ruleset.published", updated!, { lastEditor: row.updatedBy }));
    return updated!;
  });
}

/** POST /rulesets/{id}/activate: the profile's new verifications are scored by it (an older version: the rollback). */
export async function activate(db: Db, caller: TokenClaims, requestId: string, id: string): Promise<RulesetRow> {
  return db.transaction(async (tx) => {
    const row = await findRuleset(tx, caller.workspaceId, id, true);
    if (row.state !== "published")
      throw new ApiError("not_published", `Version ${row.version} is a draft: publish it before activating it`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rulesets:${caller.workspaceId}:${row.profileId}`}))`);
    const [previous] = await tx
      .select({ id: rulesets.id, version: rulesets.version })
      .from(rulesets)
      .where(and(eq(rulesets.workspaceId, caller.workspaceId), eq(rulesets.profileId, row.profileId), eq(rulesets.active, true)));
    if (previous?.id === row.id) return row;
    if (previous) await tx.update(rulesets).set({ active: false }).where(eq(rulesets.id, previous.id));
    const now = new Date();
    // the active version is never its own shadow
    const [updated] = await tx
      .update(rulesets)
      .set({ active: true, shadow: false, activatedAt: now, updatedAt: now })
      .where(eq(rulesets.id, row.id))
      .returning();
    await recordEvent(
      tx,
      rulesetEvent(caller, requestId, "ruleset.activated", updated!, {
        previousId: previous?.id ?? null,
        previousVersion: previous?.version ?? null,
        rollback: previous ? row.version < previous.version : false,
      }),
    );
    return updated!;
  });
}

/** POST /rulesets/{id}/shadow {enabled}: a published, inactive version scores new verifications beside the active one. */
export async function setShadow(db: Db, caller: TokenClaims, requestId: string, id: string, enabled: boolean): Promise<RulesetRow> {
  return db.transaction(async (tx) => {
    const row = await findRuleset(tx, caller.workspaceId, id, true);
    if (enabled && row.state !== "published")
      throw new ApiError("not_published", `Version ${row.version} is a draft: publish it before running it in shadow`);
    if (enabled && row.active) throw new ApiError("conflict", `Version ${row.version} is the active version: it cannot be its own shadow`);
    if (row.shadow === enabled) return row;
    const [updated] = await tx.update(rulesets).set({ shadow: enabled, updatedAt: new Date() }).where(eq(rulesets.id, row.id)).returning();
    await recordEvent(tx, rulesetEvent(caller, requestId, "ruleset.shadow_changed", updated!, { enabled }));
    return updated!;
  });
}
