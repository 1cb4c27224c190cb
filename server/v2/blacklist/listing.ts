// What the workspace's restrictive list does to a verification's dossier and score, at the
// verification's terminal transaction (server/v2/verifications/hooks.ts):
// - the holder's document listed (and not expired): `profile.blacklisted.client = true`, the
//   `blacklisted` indicator counts it, and the rule `listed_on_workspace_restrictive_list` fires
//   in the profile module (weight from the scoring profile);
// - related persons and companies (the related module's parties) listed: they add to
//   `blacklistedRelated` and `blacklistedCompanies`, and `related_on_workspace_restrictive_list` fires.
import type { Tx } from "../../db/client";
import type { ModuleRun } from "../../engine/types";
import type { ModuleData } from "../../datasets/types";
import type { ClientListing, Indicator } from "../../datasets/dossier";
import { relatedParties } from "../../datasets/related-parties";
import { listedAmong } from "./store";

export const LISTED_RULE = "listed_on_workspace_restrictive_list";
export const RELATED_LISTED_RULE = "related_on_workspace_restrictive_list";

export interface WorkspaceListing extends ClientListing {
  relatedPersons: number;
  relatedCompanies: number;
}

export const NOT_LISTED: WorkspaceListing = { clientListed: false, relatedPersons: 0, relatedCompanies: 0 };

export async function workspaceListing(tx: Tx, workspaceId: string, document: string, modules: ModuleRun[]): Promise<WorkspaceListing> {
  const related = modules.find((m) => m.module === "related" && m.status === "ok");
  // a masked CPF (the registry's partners) is on no workspace list: only full documents are asked
  const parties = relatedParties(related?.data as ModuleData | null).filter((p) => p.document !== document && p.lookup);
  const listed = await listedAmong(tx, workspaceId, [document, ...parties.map((p) => p.document)]);
  return {
    clientListed: listed.has(document),
    relatedPersons: parties.filter((p) => p.entity === "person" && listed.has(p.document)).length,
    relatedCompanies: parties.filter((p) => p.entity === "company" && listed.has(p.document)).length,
  };
}

const add = (indicator: Indicator | undefined, n: number): Indicator => {
  const value = (indicator?.value ?? 0) + n;
  return { risky: value > 0, value };
};

/** Adds the listed related parties to the profile's indicators (dataset counts + workspace counts). */
export function applyRelatedListing(profile: unknown, listing: WorkspaceListing): void {
  if (!profile || typeof profile !== "object") return;
  const indicators = (profile as { indicators?: Record<string, Indicator> }).indicators;
  if (!indicators) return;
  indicators.blacklistedRelated = add(indicators.blacklistedRelated, listing.relatedPersons);
  indicators.blacklistedCompanies = add(indicators.blacklistedCompanies, listing.relatedCompanies);
}

/** The module runs as scored: the profile module's rules gain the workspace-list rules that fired. */
export function withListingRules(modules: ModuleRun[], listing: WorkspaceListing): ModuleRun[] {
  const extra = [
    ...(listing.clientListed ? [{ rule: LISTED_RULE, fired: true }] : []),
    ...(listing.relatedPersons + listing.relatedCompanies > 0 ? [{ rule: RELATED_LISTED_RULE, fired: true }] : []),
  ];
  if (extra.length === 0) return modules;
  return modules.map((run) => {
    if (run.module !== "profile" || run.status !== "ok" || !run.data) return run;
    const rules = (run.data as { rules?: { rule: string; fired: boolean }[] }).rules ?? [];
    return { ...run, data: { ...run.data, rules: [...rules, ...extra] } };
  });
}
