// Profiles visible to a workspace: its own and the global ones (workspace_id null), active only.
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { profiles } from "../db/schema";

export type Profile = typeof profiles.$inferSelect;

const visibleTo = (workspaceId: string) => or(eq(profiles.workspaceId, workspaceId), isNull(profiles.workspaceId));

export async function findProfile(db: Db | Tx, workspaceId: string, id: string): Promise<Profile | null> {
  if (id.length > 200) return null;
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.active, true), visibleTo(workspaceId)));
  return row ?? null;
}

export async function listProfiles(db: Db, workspaceId: string, kind?: string): Promise<Profile[]> {
  return db
    .select()
    .from(profiles)
    .where(and(eq(profiles.active, true), visibleTo(workspaceId), kind ? eq(profiles.kind, kind) : undefined))
    .orderBy(profiles.name, profiles.id);
}
