"use client";

import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toaster";
import { bffSend } from "@/lib/query/bff-send";
import { restrictiveKeys } from "@/lib/query/restrictive-list-queries";
import {
  entryDisplayName,
  entryMatches,
  listParamsToSearch,
  type NewRestrictiveEntry,
  type RemovedEntry,
  type RestrictiveEntry,
  type RestrictiveListParams,
  type RestrictivePage,
} from "@/lib/restrictive-list/entries";
import { documentKind, maskedDocument } from "@/lib/verifications/document-view";

// Adding and removing entries, optimistic: every cached page of the list changes at once, and goes
// back as it was when the service refuses. Entries are known by id with a masked document (issue
// 19); removing asks a reason and offers "Desfazer", which lists the document again with the same
// fields from the sealed token the BFF answered.

type Snapshot = Array<[QueryKey, unknown]>;

async function snapshot(client: QueryClient): Promise<Snapshot> {
  await client.cancelQueries({ queryKey: restrictiveKeys.all });
  return client.getQueriesData({ queryKey: restrictiveKeys.all });
}

function restore(client: QueryClient, saved: Snapshot | undefined): void {
  for (const [key, data] of saved ?? []) client.setQueryData(key, data);
}

function forEachPage(client: QueryClient, update: (page: RestrictivePage, params: RestrictiveListParams) => RestrictivePage): void {
  for (const query of client.getQueryCache().findAll({ queryKey: restrictiveKeys.lists })) {
    const params = query.queryKey[2] as RestrictiveListParams | undefined;
    const data = query.state.data as RestrictivePage | undefined;
    if (params && data) client.setQueryData(query.queryKey, update(data, params));
  }
}

function pendingEntry(entry: NewRestrictiveEntry): RestrictiveEntry {
  return {
    id: `pending-${entry.nationalId}`,
    document: maskedDocument(entry.nationalId) ?? "—",
    kind: documentKind(entry.nationalId),
    name: entry.name ?? null,
    reason: entry.reason,
    createdBy: "", // the signed-in person: shown as "Você" while pending
    createdByEmail: null,
    createdAt: new Date().toISOString(),
    expiresAt: entry.expiresAt ?? null,
    expired: false,
    pending: true,
  };
}

/** Who a toast names: the entry's display name, or the typed name, or the masked document typed. */
function addedName(input: AddInput): string {
  return "undo" in input ? entryDisplayName(input.shown) : (input.name ?? maskedDocument(input.nationalId) ?? "O documento");
}

/** What the add mutation takes: an entry typed by the analyst, or the sealed one a removal answered ("Desfazer"). */
export type AddInput = NewRestrictiveEntry | { undo: string; shown: RestrictiveEntry };

export function useAddRestrictiveEntry(options: { successMessage?: (entry: AddInput) => string } = {}) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: AddInput) =>
      bffSend<RestrictiveEntry>("/bff/restrictive-list", { method: "POST", body: "undo" in input ? { undo: input.undo } : input }),
    onMutate: async (input) => {
      const saved = await snapshot(client);
      const row: RestrictiveEntry = "undo" in input ? { ...input.shown, pending: true } : pendingEntry(input);
      const typed = "undo" in input ? null : input;
      forEachPage(client, (page, params) => {
        const shows = typed
          ? entryMatches({ nationalId: typed.nationalId, name: typed.name ?? null, reason: typed.reason }, params.search)
          : !params.search;
        if (!shows) return page;
        const others = page.items.filter((item) => item.id !== row.id);
        const items = params.page === 1 ? [row, ...others].slice(0, params.limit) : others;
        return { ...page, items, total: page.total + 1 };
      });
      return { saved };
    },
    onError: (error, _entry, context) => {
      restore(client, context?.saved);
      toast.show({ kind: "error", message: `Não foi possível adicionar: ${error.message}` });
    },
    onSuccess: (_created, entry) => {
      toast.show({ kind: "success", message: options.successMessage?.(entry) ?? `${addedName(entry)} adicionado à lista restritiva.` });
    },
    onSettled: () => client.invalidateQueries({ queryKey: restrictiveKeys.all }),
  });
}

/** Removes an entry with a reason; `shown` is the list page it was on (where the BFF finds its document). */
export function useRemoveRestrictiveEntry() {
  const client = useQueryClient();
  const toast = useToast();
  const add = useAddRestrictiveEntry({
    successMessage: (input) => `Remoção desfeita: ${addedName(input)} voltou à lista restritiva.`,
  });
  return useMutation({
    mutationFn: ({ entry, reason, shown }: { entry: RestrictiveEntry; reason: string; shown?: RestrictiveListParams }) => {
      const search = shown ? listParamsToSearch(shown) : new URLSearchParams();
      if (shown) search.set("page", String(shown.page));
      const query = search.toString();
      return bffSend<RemovedEntry>(`/bff/restrictive-list/entries/${encodeURIComponent(entry.id)}${query ? `?${query}` : ""}`, {
        method: "DELETE",
        body: { reason },
      });
    },
    onMutate: async ({ entry }) => {
      const saved = await snapshot(client);
      forEachPage(client, (page) => {
        const items = page.items.filter((item) => item.id !== entry.id);
        return items.length === page.items.length ? page : { ...page, items, total: Math.max(0, page.total - 1) };
      });
      return { saved };
    },
    onError: (error, _entry, context) => {
      restore(client, context?.saved);
      toast.show({ kind: "error", message: `Não foi possível remover: ${error.message}` });
    },
    onSuccess: (removed, { entry }) => {
      toast.show({
        kind: "success",
        message: `${entryDisplayName(entry)} removido da lista restritiva.`,
        action: { label: "Desfazer", onClick: () => add.mutate({ undo: removed.undo, shown: entry }) },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: restrictiveKeys.all }),
  });
}
