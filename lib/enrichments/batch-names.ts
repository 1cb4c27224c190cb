// The holders' names of a batch's items (issue 20, item 9: the results showed raw digits and no
// names). A name is read once the item has completed, from its profile module, and kept: a
// completed enrichment's data never changes, so the BFF's 2-second polls read each item once.
import { apiFetch } from "@/lib/api/client";
import type { ApiEnrichment } from "./api-types";
import { subjectName } from "./subject-name";

const MAX_KEPT = 5_000;
/** id → name (null: completed without a name, e.g. holder not found). Per console process; the key includes the workspace. */
const kept = new Map<string, string | null>();

export async function holderNames(
  token: string,
  workspaceId: string,
  completed: string[],
  signal?: AbortSignal,
  readsAtOnce = 5,
): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  const missing = completed.filter((id) => {
    const key = `${workspaceId}:${id}`;
    if (!kept.has(key)) return true;
    names.set(id, kept.get(key) ?? null);
    return false;
  });
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(readsAtOnce, missing.length) }, async () => {
      while (next < missing.length) {
        const id = missing[next++]!;
        try {
          const e = await apiFetch<ApiEnrichment>(`/api/v3/enrichments/${encodeURIComponent(id)}`, {
            token,
            query: { include: "profile" },
            signal,
          });
          const name = subjectName(e.data?.profile);
          if (kept.size >= MAX_KEPT) kept.clear();
          kept.set(`${workspaceId}:${id}`, name);
          names.set(id, name);
        } catch {
          // shown without a name this time; read again on the next poll
        }
      }
    }),
  );
  return names;
}
