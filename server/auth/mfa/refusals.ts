// sign_in.refused (issue 34, item 6): a refused sign-in, step-up or second step of a known person,
// with the method and the reason. Only attempts the throttle counted are recorded (a locked
// attempt is not), so the trail grows no faster than the throttle lets guesses through; an
// unknown e-mail has no workspace to record in (the request log keeps it).
import type { Db, Tx } from "../../db/client";
import { recordEvent } from "../../review/audit/record";

export type RefusalReason = "invalid_password" | "disabled" | "invalid_code" | "invalid_recovery_code";

export function recordRefusal(
  db: Db | Tx,
  user: { id: string; workspaceId: string; email: string },
  requestId: string,
  reason: RefusalReason,
  step: "sign_in" | "second_factor" | "step_up" = "sign_in",
): Promise<void> {
  return recordEvent(db, {
    workspaceId: user.workspaceId,
    type: "sign_in.refused",
    actor: { id: user.id, email: user.email },
    requestId,
    data: { method: "password", step, reason },
  });
}
