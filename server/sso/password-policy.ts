// "Permitir entrada com senha" off: people of the workspace (admin, analyst, viewer) sign in only
// through its provider; integration accounts keep exchanging their password for tokens (v1).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { ssoConfigs } from "../db/schema";

/** The v1 message (the console shows its own words for it: lib/auth/sign-in-errors.ts). */
export const PASSWORD_SIGN_IN_DISABLED = "Password sign-in is disabled for this workspace; sign in with SSO";

export async function passwordRefusedBySso(db: Db, user: { workspaceId: string; role: string }): Promise<boolean> {
  if (user.role === "integration") return false;
  const [row] = await db
    .select({ enabled: ssoConfigs.enabled, passwordAllowed: ssoConfigs.passwordAllowed })
    .from(ssoConfigs)
    .where(eq(ssoConfigs.workspaceId, user.workspaceId));
  return Boolean(row?.enabled && !row.passwordAllowed);
}
