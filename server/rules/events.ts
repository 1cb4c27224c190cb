// The audit events of the rules room (docs/rules.md, "Recorded"), each in the transaction of the
// change it describes: ruleset.draft_saved (a draft made or edited), ruleset.published,
// ruleset.activated (with the version it replaced: a rollback when older) and
// ruleset.shadow_changed. Each names the actor, the version and its profile.
import type { TokenClaims } from "../auth/tokens";
import { callerEvent, type AuditInput } from "../review/audit/record";
import type { AuditEventType } from "../../lib/contract/review";
import type { rulesets } from "../db/schema";

export function rulesetEvent(
  caller: TokenClaims,
  requestId: string,
  type: Extract<AuditEventType, `ruleset.${string}`>,
  row: Pick<typeof rulesets.$inferSelect, "id" | "profileId" | "version">,
  data: Record<string, unknown> = {},
): AuditInput {
  return callerEvent(caller, { id: requestId }, type, {
    data: { rulesetId: row.id, profileId: row.profileId, version: row.version, ...data },
  });
}
