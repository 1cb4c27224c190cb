// What a password sign-in owes after the password (issue 34, item 2): the code when the person has
// a confirmed factor; an enrolment when the workspace requires a factor ("MFA obrigatório",
// settings.mfa.required) and the person has none. Integration accounts are machines: the policy
// does not apply to them (they move to API keys); one that enrolled a factor still owes its code.
import type { Db } from "../../db/client";
import type { SecondFactorDue } from "../tokens";
import { readSettings } from "../../review/settings/store";
import { hasConfirmedFactor } from "./store";

export async function secondFactorDue(
  db: Db,
  user: { id: string; workspaceId: string; role: string },
): Promise<SecondFactorDue | undefined> {
  const who = { userId: user.id, workspaceId: user.workspaceId };
  if (await hasConfirmedFactor(db, who)) return "pending";
  if (user.role === "integration") return undefined;
  return (await readSettings(db, user.workspaceId)).mfa.required ? "enrolment" : undefined;
}
