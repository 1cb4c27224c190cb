// A workspace's SSO settings (table sso_configs and its sso_domains): read, checked with exact
// codes, written with the sso.settings_changed event. The client secret is sealed
// (./secret-box.ts) and never answered back.
import { eq, inArray, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { ssoConfigs, ssoDomains, type SsoRoleRule } from "../db/schema";
import { ApiError } from "../http/errors";
import { sqlState } from "../db/errors";
import type { TokenClaims } from "../auth/tokens";
import { callerEvent, recordEvent } from "../review/audit/record";
import { SSO_CALLBACK_PATH, SSO_ROLES, type SsoSettings, type SsoSettingsBody } from "../../lib/contract/sso";
import { sealSecret } from "./secret-box";
import { checkMfaRequirement } from "./mfa-claims";

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export async function readSsoConfig(db: Db, workspaceId: string): Promise<{ row: SsoConfigRow; domains: string[] } | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.workspaceId, workspaceId));
  if (!row) return null;
  const domains = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.workspaceId, workspaceId));
  return { row, domains: domains.map((d) => d.domain).sort() };
}

/** The workspace whose provider signs in this e-mail's domain, with its settings (enabled or not). */
export async function ssoConfigForEmail(db: Db, email: string): Promise<{ row: SsoConfigRow; domain: string } | null> {
  const domain = domainOf(email);
  if (!domain) return null;
  const [hit] = await db
    .select({ row: ssoConfigs })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.workspaceId, ssoDomains.workspaceId))
    .where(eq(ssoDomains.domain, domain));
  return hit ? { row: hit.row, domain } : null;
}

export function domainOf(email: string): string | null {
  const at = email.lastIndexOf("@");
  return at > 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase()
    : null;
}

export function settingsOf(found: { row: SsoConfigRow; domains: string[] } | null): SsoSettings {
  if (!found)
    return {
      configured: false,
      enabled: false,
      issuer: "",
      clientId: "",
      clientSecretSet: false,
      domains: [],
      groupsClaim: "groups",
      roleMapping: [],
      passwordAllowed: true,
      requireMfa: null,
      callbackPath: SSO_CALLBACK_PATH,
      updatedAt: null,
    };
  const { row, domains } = found;
  return {
    configured: true,
    enabled: row.enabled,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecretEnc.length > 0,
    domains,
    groupsClaim: row.groupsClaim,
    roleMapping: row.roleMapping,
    passwordAllowed: row.passwordAllowed,
    requireMfa: row.requireMfa ?? null,
    callbackPath: SSO_CALLBACK_PATH,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The issuer as stored (no trailing slash added or removed: it must equal the provider's `iss`). */
export function checkIssuer(value: string, allowHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ApiError("invalid_sso_issuer", "issuer must be an absolute URL");
  }
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:"))
    throw new ApiError("invalid_sso_issuer", "issuer must be an https URL");
  if (url.username || url.password || url.search || url.hash)
    throw new ApiError("invalid_sso_issuer", "issuer must not have credentials, a query or a fragment");
  return value.trim();
}

export function checkDomains(values: string[]): string[] {
  const domains = values.map((d) => d.trim().toLowerCase());
  if (domains.length === 0) throw new ApiError("invalid_sso_domains", "at least one e-mail domain");
  const bad = domains.find((d) => !DOMAIN.test(d));
  if (bad !== undefined) throw new ApiError("invalid_sso_domains", `not an e-mail domain: ${bad.slice(0, 60)}`);
  if (new Set(domains).size !== domains.length) throw new ApiError("invalid_sso_domains", "domains must not repeat");
  return domains;
}

export function checkMapping(rules: { group: string; role: string }[]): SsoRoleRule[] {
  if (rules.length === 0) throw new ApiError("invalid_sso_mapping", "at least one group → role rule");
  const out: SsoRoleRule[] = [];
  const seen = new Set<string>();
  for (const [i, rule] of rules.entries()) {
    const group = rule.group.trim();
    if (!group) throw new ApiError("invalid_sso_mapping", `roleMapping[${i}].group is empty`);
    if (!(SSO_ROLES as readonly string[]).includes(rule.role))
      throw new ApiError("invalid_sso_mapping", `roleMapping[${i}].role must be admin, analyst or viewer`);
    if (seen.has(group)) throw new ApiError("invalid_sso_mapping", `group ${group.slice(0, 60)} is mapped twice`);
    seen.add(group);
    out.push({ group, role: rule.role as SsoRoleRule["role"] });
  }
  return out;
}

/** PUT /sso: checks, writes the settings and the domains, and records sso.settings_changed. */
export async function writeSsoSettings(
  db: Db,
  caller: TokenClaims,
  raw: SsoSettingsBody & { groupsClaim: string },
  options: { jwtSecret: string; allowHttpIssuer: boolean; requestId: string },
): Promise<void> {
  const issuer = checkIssuer(raw.issuer, options.allowHttpIssuer);
  const domains = checkDomains(raw.domains);
  const roleMapping = checkMapping(raw.roleMapping);
  const requireMfa = checkMfaRequirement(raw.requireMfa);
  const workspaceId = caller.workspaceId;
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(ssoConfigs).where(eq(ssoConfigs.workspaceId, workspaceId)).for("update");
    if (!before && !raw.clientSecret) throw new ApiError("invalid_body", "clientSecret is required the first time");
    const taken = await tx
      .select()
      .from(ssoDomains)
      .where(or(inArray(ssoDomains.domain, domains), eq(ssoDomains.workspaceId, workspaceId)));
    const clash = taken.find((d) => domains.includes(d.domain) && d.workspaceId !== workspaceId);
    if (clash) throw new ApiError("sso_domain_taken", `the domain ${clash.domain} signs in through another workspace`);
    const values = {
      enabled: raw.enabled,
      issuer,
      clientId: raw.clientId,
      clientSecretEnc: raw.clientSecret ? sealSecret(raw.clientSecret, workspaceId, options.jwtSecret) : before!.clientSecretEnc,
      groupsClaim: raw.groupsClaim,
      roleMapping,
      passwordAllowed: raw.passwordAllowed,
      requireMfa,
      updatedBy: caller.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(ssoConfigs)
      .values({ workspaceId, ...values })
      .onConflictDoUpdate({ target: ssoConfigs.workspaceId, set: values });
    await tx.delete(ssoDomains).where(eq(ssoDomains.workspaceId, workspaceId));
    try {
      await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, workspaceId })));
    } catch (error) {
      // another workspace took one of them between the read above and now
      if (sqlState(error) === "23505") throw new ApiError("sso_domain_taken", "one of the domains signs in through another workspace");
      throw error;
    }
    const beforeDomains = taken.filter((d) => d.workspaceId === workspaceId).map((d) => d.domain);
    await recordEvent(
      tx,
      callerEvent(caller, { id: options.requestId }, "sso.settings_changed", {
        data: {
          created: !before,
          changed: changedFields(before, beforeDomains, { ...values, domains }, Boolean(raw.clientSecret)),
          enabled: raw.enabled,
          issuer,
          domains,
          passwordAllowed: raw.passwordAllowed,
          requireMfa,
        },
      }),
    );
  });
}

function changedFields(
  before: SsoConfigRow | undefined,
  beforeDomains: string[],
  after: Omit<SsoConfigRow, "workspaceId" | "createdAt" | "updatedBy" | "updatedAt" | "clientSecretEnc"> & { domains: string[] },
  secretGiven: boolean,
): string[] {
  const changed: string[] = [];
  // jsonb gives the rules back with their keys in its own order: compare them as pairs
  // (and requireMfa's object with its keys in its own order: as a pair of lists)
  const canonical = (v: unknown) =>
    Array.isArray(v)
      ? v.map((r: SsoRoleRule) => [r.group, r.role])
      : v && typeof v === "object" && "amr" in v && "acr" in v
        ? [v.amr, v.acr]
        : (v ?? null);
  const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
  for (const key of ["enabled", "issuer", "clientId", "groupsClaim", "roleMapping", "passwordAllowed", "requireMfa"] as const)
    if (!before || !same(before[key], after[key])) changed.push(key);
  if (!same([...beforeDomains].sort(), [...after.domains].sort())) changed.push("domains");
  if (secretGiven) changed.push("clientSecret");
  return changed;
}

/** DELETE /sso: the settings and domains go; people created by SSO stay (with no password). */
export async function deleteSsoSettings(db: Db, caller: TokenClaims, requestId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(ssoDomains).where(eq(ssoDomains.workspaceId, caller.workspaceId));
    const gone = await tx
      .delete(ssoConfigs)
      .where(eq(ssoConfigs.workspaceId, caller.workspaceId))
      .returning({ id: ssoConfigs.workspaceId });
    if (gone.length === 0) return false;
    await recordEvent(tx, callerEvent(caller, { id: requestId }, "sso.settings_changed", { data: { deleted: true } }));
    return true;
  });
}
