import "server-only";
import { createEnrichment, listProfiles } from "@/lib/api/enrichments";
import { createVerification, getVerification, listVerifications } from "@/lib/api/verifications";
import { relatedPartyOf } from "./to-detail";

// "A related person leads somewhere useful": the case page's related parties are looked up and
// acted on here, on the console's server, by the case's id and the party's key. The party's full
// document is read from the case again and never reaches the browser.

/** A key of the dossier's related parties: `<list>-<index>` (to-dossier.ts). */
export const RELATED_KEY = /^(personal|ownerships|employments|representations)-\d{1,5}$/;

export class PartyNotFound extends Error {}

async function partyOf(token: string, id: string, key: string, signal?: AbortSignal) {
  const party = RELATED_KEY.test(key) ? relatedPartyOf(await getVerification(token, id, signal), key) : null;
  if (!party) throw new PartyNotFound();
  return party;
}

/** The workspace's latest verification of the party's document (other than this case), or null. */
export async function findRelatedCase(token: string, id: string, key: string, signal?: AbortSignal) {
  const party = await partyOf(token, id, key, signal);
  const page = await listVerifications(token, { nationalId: party.document, limit: 5 }, signal);
  const found = page.verifications.find((item) => item.id !== id) ?? null;
  return { entity: party.entity, verificationId: found?.id ?? null };
}

/** Starts a verification (the workspace's verification profile of that entity) or an enrichment of the party. */
export async function startForRelated(
  token: string,
  id: string,
  key: string,
  kind: "verification" | "enrichment",
  submissionKey: string,
  signal?: AbortSignal,
): Promise<{ kind: "verification" | "enrichment"; id: string }> {
  const party = await partyOf(token, id, key, signal);
  const profiles = (await listProfiles(token, kind, signal)).items.filter((p) => p.entity === party.entity);
  if (kind === "verification") {
    const created = await createVerification(token, { nationalId: party.document, profileId: profiles[0]?.profile.id }, signal);
    return { kind, id: created.id };
  }
  const profile = profiles[0];
  if (!profile) throw new NoProfile();
  const answer = await createEnrichment(
    token,
    { document: party.document, profileId: profile.profile.id },
    `lupa-console-${submissionKey}`,
  );
  return { kind, id: answer.body.id };
}

export class NoProfile extends Error {}
