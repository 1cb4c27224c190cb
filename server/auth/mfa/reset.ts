// The admin CLI's "break glass" (`npm run admin -- reset-factor --email <email>`): removes a
// person's second factor when no admin of the workspace can (the only admin lost the phone and the
// recovery codes). Recorded as factor.reset with the service as actor.
import type { Db } from "../../db/client";
import { recordEvent } from "../../review/audit/record";
import { findUserByEmail } from "../../tenancy/users";
import { removeFactor } from "./store";

/** "reset", "no_factor" or "no_user". */
export async function resetFactorByEmail(db: Db, email: string): Promise<"reset" | "no_factor" | "no_user"> {
  const user = await findUserByEmail(db, email);
  if (!user) return "no_user";
  return db.transaction(async (tx) => {
    if (!(await removeFactor(tx, { userId: user.id, workspaceId: user.workspaceId }))) return "no_factor";
    await recordEvent(tx, {
      workspaceId: user.workspaceId,
      type: "factor.reset",
      actor: null,
      data: { userId: user.id, email: user.email, by: "admin-cli" },
    });
    return "reset";
  });
}
