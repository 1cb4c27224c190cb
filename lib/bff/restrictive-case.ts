import "server-only";
import { getCapabilities, reviewFetch } from "@/lib/api/review";
import { listBlacklist, removeBlacklistEntry } from "@/lib/api/blacklist";
import type { BlacklistEntry } from "@/lib/contract";
import { normalizeDocument } from "@/lib/contract/documents";
import { maskedDocument } from "@/lib/verifications/document-view";
import type { MaskedRestrictiveEntryView } from "@/lib/review/restrictive-view";

// The restrictive list seen from a case or an entry without its full document: the browser gets
// the entry's id and its masked document; the BFF finds the document itself (from the case, or
// the list) when it must act on it.

export type MaskedRestrictiveEntry = MaskedRestrictiveEntryView;

export function toMaskedEntry(entry: BlacklistEntry): MaskedRestrictiveEntry {
  return {
    id: entry.id,
    document: maskedDocument(entry.nationalId) ?? "—",
    name: entry.name,
    reason: entry.reason,
    createdByEmail: entry.createdByEmail,
    createdAt: entry.createdAt,
    expiresAt: entry.expiresAt,
    expired: entry.expired,
  };
}

/** The document's entry in the workspace's list, or null. */
export async function findEntry(token: string, workspaceId: string, nationalId: string, signal?: AbortSignal) {
  const document = normalizeDocument(nationalId);
  if (!document) return null;
  const list = await listBlacklist(token, workspaceId, { search: document.value, limit: 100 }, signal);
  return list.items.find((item) => item.nationalId === document.value) ?? null;
}

/**
 * Removes an entry with a reason: through the review API's route (reason required, recorded) when
 * the API has it, else the v2 DELETE with its optional `reason` parameter.
 */
export async function removeEntry(token: string, workspaceId: string, entry: BlacklistEntry, reason: string, signal?: AbortSignal) {
  const capabilities = await getCapabilities(token, signal);
  if (capabilities?.teamReview) {
    await reviewFetch(`/restrictive-list/${encodeURIComponent(entry.id)}/remove`, { method: "POST", token, body: { reason } });
    return;
  }
  await removeBlacklistEntry(token, workspaceId, entry.nationalId, reason);
}

/**
 * An entry by its id: first on the page of the list the browser showed it on (`hint`), then the
 * list from the start (at most 50 pages of 100). The v2 list has no lookup by id.
 */
export async function findEntryById(
  token: string,
  workspaceId: string,
  id: string,
  hint: { page?: number; limit?: number; search?: string },
  signal?: AbortSignal,
): Promise<BlacklistEntry | null> {
  if (hint.page) {
    const shown = await listBlacklist(
      token,
      workspaceId,
      { page: hint.page, limit: hint.limit ?? 20, search: hint.search || undefined },
      signal,
    );
    const found = shown.items.find((item) => item.id === id);
    if (found) return found;
  }
  for (let page = 1; page <= 50; page++) {
    const list = await listBlacklist(token, workspaceId, { page, limit: 100 }, signal);
    const found = list.items.find((item) => item.id === id);
    if (found) return found;
    if (page * 100 >= list.total) break;
  }
  return null;
}
