// Users: looked up by e-mail (unique across workspaces) to sign in, by id to refresh.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

export type User = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function findUserById(db: Db, workspaceId: string, id: string): Promise<User | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.id, id)));
  return row ?? null;
}
