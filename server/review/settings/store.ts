// A workspace's review settings (table review_settings): stored as one JSON object merged over the
// defaults, so a setting added later has its default in every workspace. A PUT may carry any
// subset; `reasons` and `fourEyes` may carry a subset of their own keys; the rest keeps its value.
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { reviewSettings } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { DEFAULT_SETTINGS, ReviewSettings, type SettingsUpdate } from "../../../lib/contract/review";
import type { TokenClaims } from "../../auth/tokens";
import { callerEvent, recordEvent } from "../audit/record";
import { checkRoutingRules, normalizeRules } from "../../routing/validate";

/** Stored settings (possibly partial or from an older version) over the defaults. */
export function settingsFrom(stored: Record<string, unknown> | null | undefined): ReviewSettings {
  const s = (stored ?? {}) as Partial<ReviewSettings>;
  const merged = {
    ...DEFAULT_SETTINGS,
    ...s,
    reasons: { ...DEFAULT_SETTINGS.reasons, ...(s.reasons ?? {}) },
    fourEyes: { ...DEFAULT_SETTINGS.fourEyes, ...(s.fourEyes ?? {}) },
    rules: { ...DEFAULT_SETTINGS.rules, ...(s.rules ?? {}) },
    monitoring: { ...DEFAULT_SETTINGS.monitoring, ...(s.monitoring ?? {}) },
    mfa: { ...DEFAULT_SETTINGS.mfa, ...(s.mfa ?? {}) },
    routing: { ...DEFAULT_SETTINGS.routing, ...(s.routing ?? {}) },
  };
  const parsed = ReviewSettings.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function readSettings(db: Db | Tx, workspaceId: string): Promise<ReviewSettings> {
  const [row] = await db
    .select({ settings: reviewSettings.settings })
    .from(reviewSettings)
    .where(eq(reviewSettings.workspaceId, workspaceId));
  return settingsFrom(row?.settings);
}

export function applyUpdate(current: ReviewSettings, update: SettingsUpdate): ReviewSettings {
  const next: ReviewSettings = {
    ...current,
    ...(update.slaHours !== undefined ? { slaHours: update.slaHours } : {}),
    ...(update.requireReason !== undefined ? { requireReason: update.requireReason } : {}),
    ...(update.auditRetentionDays !== undefined ? { auditRetentionDays: update.auditRetentionDays } : {}),
    reasons: { ...current.reasons, ...Object.fromEntries(Object.entries(update.reasons ?? {}).filter(([, v]) => v !== undefined)) },
    fourEyes: {
      enabled: update.fourEyes?.enabled ?? current.fourEyes.enabled,
      on: update.fourEyes?.on ?? current.fourEyes.on,
    },
    rules: { requireSecondPerson: update.rules?.requireSecondPerson ?? current.rules.requireSecondPerson },
    monitoring: {
      enabled: update.monitoring?.enabled ?? current.monitoring.enabled,
      scope: update.monitoring?.scope ?? current.monitoring.scope,
      sources: update.monitoring?.sources ?? current.monitoring.sources,
      callbackUrl: update.monitoring?.callbackUrl !== undefined ? update.monitoring.callbackUrl : current.monitoring.callbackUrl,
    },
    mfa: { required: update.mfa?.required ?? current.mfa.required },
    routing: { mode: update.routing?.mode ?? current.routing.mode, rules: update.routing?.rules ?? current.routing.rules },
  };
  if (next.monitoring.enabled && next.monitoring.sources.length === 0)
    throw new ApiError("invalid_body", "monitoring: an enabled monitoring needs at least one source (or enabled: false)");
  for (const status of next.requireReason) {
    if (next.reasons[status].length === 0)
      throw new ApiError("invalid_body", `requireReason: ${status} requires a reason but its catalog (reasons.${status}) is empty`);
  }
  return next;
}

/** What changed, key by key (top level; reasons by decision): the settings.changed event's data. */
export function changesOf(before: ReviewSettings, after: ReviewSettings): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const key of ["slaHours", "requireReason", "fourEyes", "auditRetentionDays", "rules", "monitoring", "mfa", "routing"] as const) {
    if (!same(before[key], after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  for (const status of Object.keys(after.reasons) as (keyof ReviewSettings["reasons"])[]) {
    if (!same(before.reasons[status], after.reasons[status]))
      changes[`reasons.${status}`] = { from: before.reasons[status], to: after.reasons[status] };
  }
  return changes;
}

function redactCallbackUrl(m: ReviewSettings["monitoring"]): ReviewSettings["monitoring"] {
  if (!m.callbackUrl) return m;
  let origin = "(invalid)";
  try {
    origin = `${new URL(m.callbackUrl).origin}/…`;
  } catch {
    // stored values were validated; kept out of the event anyway
  }
  return { ...m, callbackUrl: origin };
}

/** Applies an update under the row's lock and records settings.changed when anything changed. */
export async function updateSettings(db: Db, caller: TokenClaims, requestId: string, update: SettingsUpdate): Promise<ReviewSettings> {
  return db.transaction(async (tx) => {
    // the row exists before it is locked, so two concurrent updates never both start from the defaults
    await tx.insert(reviewSettings).values({ workspaceId: caller.workspaceId, settings: {} }).onConflictDoNothing();
    const [row] = await tx
      .select({ settings: reviewSettings.settings })
      .from(reviewSettings)
      .where(eq(reviewSettings.workspaceId, caller.workspaceId))
      .for("update");
    const before = settingsFrom(row?.settings);
    const after = applyUpdate(before, update);
    // routing (server/routing): flags and analysts checked against the workspace
    if (update.routing?.rules) {
      after.routing = { ...after.routing, rules: normalizeRules(after.routing.rules) };
      await checkRoutingRules(tx, caller.workspaceId, after.routing.rules);
    }
    const changes = changesOf(before, after);
    if (Object.keys(changes).length === 0) return after;
    // the monitoring callback URL's path and query may hold a token: the event keeps its origin only
    if (changes.monitoring) changes.monitoring = { from: redactCallbackUrl(before.monitoring), to: redactCallbackUrl(after.monitoring) };
    await tx
      .update(reviewSettings)
      .set({ settings: after as unknown as Record<string, unknown>, updatedBy: caller.userId, updatedAt: sql`now()` })
      .where(eq(reviewSettings.workspaceId, caller.workspaceId));
    await recordEvent(tx, callerEvent(caller, { id: requestId }, "settings.changed", { data: { changes } }));
    return after;
  });
}
