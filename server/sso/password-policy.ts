// "Permitir entrada com senha" off: people of the workspace (admin, analyst, viewer) sign in only
// through its provider; integration accounts keep exchanging their password for tokens (v1).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { ssoConfigs } from "../db/schema";

export { PASSWORD_SIGN_IN_DISABLED } from "../../lib/contract/sso";

export async function passwordRefusedBySso(db: Db, user: { workspaceId: string; role: string }): Promise<boolean> {
  if (user.role === "integration") return false;
  const [row] = await db
    .select({ enabled: ssoConfigs.enabled, passwordAllowed: ssoConfigs.passwordAllowed })
    .from(ssoConfigs)
    .where(eq(ssoConfigs.workspaceId, user.workspaceId));
  return Boolean(row?.enabled && !row.passwordAllowed);
}
