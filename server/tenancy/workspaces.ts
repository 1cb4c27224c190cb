// Creating workspaces, users and contracts (admin command, demo seed, tests).
import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contracts, users, workspaces } from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { isRole, type Role } from "../auth/permissions";
import { ALL_ACTIONS } from "./catalog";
import { revokeUserSessions } from "../auth/sessions";

export async function createWorkspace(db: Db, name: string, options: { actions?: string[] | null } = {}) {
  const id = randomUUID();
  await db.insert(workspaces).values({ id, name, callbackSecret: randomBytes(32).toString("hex") });
  const actions = options.actions === undefined ? ALL_ACTIONS : options.actions;
  if (actions) await db.insert(contracts).values({ id: randomUUID(), workspaceId: id, product: "ID", actions, active: true });
  return { id, name };
}

export async function createUser(db: Db, input: { workspaceId: string; email: string; name?: string; role: Role; password: string }) {
  if (!isRole(input.role)) throw new Error(`Unknown role ${input.role}`);
  if (input.password.length < 4) throw new Error("Password must have at least 4 characters");
  const id = randomUUID();
  const email = input.email.toLowerCase();
  await db.insert(users).values({ id, workspaceId: input.workspaceId, email, name: input.name ?? email.split("@")[0]!, role: input.role, passwordHash: await hashPassword(input.password) });
  return { id, email, role: input.role, workspaceId: input.workspaceId };
}

export async function resetPassword(db: Db, email: string, password: string): Promise<boolean> {
  if (password.length < 4) throw new Error("Password must have at least 4 characters");
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) return false;
  // bumping the version and revoking the sessions ends every token issued with the old password
  await db.update(users).set({ passwordHash: await hashPassword(password), tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id);
  return true;
}

/** Disables (or enables again) a user: disabling ends every session and token of the user. */
export async function setUserDisabled(db: Db, email: string, disabled: boolean): Promise<boolean> {
  const [user] = await db.update(users)
    .set({ disabled, ...(disabled ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.email, email.toLowerCase()))
    .returning({ id: users.id });
  if (!user) return false;
  if (disabled) await revokeUserSessions(db, user.id);
  return true;
}
