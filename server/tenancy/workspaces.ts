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

/** Minimum length of a new password (a new user's, or a reset). Sign-in still accepts older, shorter ones. */
export const MIN_PASSWORD_LENGTH = 12;

export class WeakPasswordError extends Error {
  constructor() {
    super(`Password must have at least ${MIN_PASSWORD_LENGTH} characters`);
    this.name = "WeakPasswordError";
  }
}

function checkNewPassword(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw new WeakPasswordError();
}

/**
 * `demoPassword`: only the demo seed (server/tenancy/demo.ts) may set the short published demo
 * password; the API refuses to listen beyond loopback while it is in use (demo-guard.ts).
 */
export async function createUser(
  db: Db,
  input: { workspaceId: string; email: string; name?: string; role: Role; password: string },
  options: { demoPassword?: boolean } = {},
) {
  if (!isRole(input.role)) throw new Error(`Unknown role ${input.role}`);
  if (!options.demoPassword) checkNewPassword(input.password);
  const id = randomUUID();
  const email = input.email.toLowerCase();
  await db.insert(users).values({
    id,
    workspaceId: input.workspaceId,
    email,
    name: input.name ?? email.split("@")[0]!,
    role: input.role,
    passwordHash: await hashPassword(input.password),
  });
  return { id, email, role: input.role, workspaceId: input.workspaceId };
}

export async function resetPassword(db: Db, email: string, password: string): Promise<boolean> {
  checkNewPassword(password);
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) return false;
  // bumping the version and revoking the sessions ends every token issued with the old password
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id);
  return true;
}

/** Disables (or enables again) a user: disabling ends every session and token of the user. */
export async function setUserDisabled(db: Db, email: string, disabled: boolean): Promise<boolean> {
  const [user] = await db
    .update(users)
    .set({ disabled, ...(disabled ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.email, email.toLowerCase()))
    .returning({ id: users.id });
  if (!user) return false;
  if (disabled) await revokeUserSessions(db, user.id);
  return true;
}
