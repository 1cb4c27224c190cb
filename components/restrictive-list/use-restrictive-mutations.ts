"use client";

import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toaster";
import { bffSend } from "@/lib/query/bff-send";
import { restrictiveKeys } from "@/lib/query/restrictive-list-queries";
import {
  entryMatches,
  type NewRestrictiveEntry,
  type RestrictiveEntry,
  type RestrictiveListParams,
  type RestrictivePage,
} from "@/lib/restrictive-list/entries";

// Adding and removing entries, optimistic: every cached page of the list and the document's own
// lookup change at once, and go back as they were when the service refuses. Removing offers
// "Desfazer", which lists the document again with the same fields.

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
    nationalId: entry.nationalId,
    name: entry.name ?? null,
    reason: entry.reason,
    createdByEmail: null,
    createdAt: new Date().toISOString(),
    expiresAt: entry.expiresAt ?? null,
    expired: false,
    pending: true,
  };
}

export function useAddRestrictiveEntry(options: { successMessage?: (entry: NewRestrictiveEntry) => string } = {}) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (entry: NewRestrictiveEntry) => bffSend<RestrictiveEntry>("/bff/restrictive-list", { method: "POST", body: entry }),
    onMutate: async (entry) => {
      const saved = await snapshot(client);
      const row = pendingEntry(entry);
      forEachPage(client, (page, params) => {
        if (!entryMatches(row, params.search)) return page;
        const had = page.items.some((item) => item.nationalId === row.nationalId);
        const others = page.items.filter((item) => item.nationalId !== row.nationalId);
        const items = params.page === 1 ? [row, ...others].slice(0, params.limit) : others;
        return { ...page, items, total: had ? page.total : page.total + 1 };
      });
      client.setQueryData(restrictiveKeys.entry(entry.nationalId), { entry: row });
      return { saved };
    },
    onError: (error, _entry, context) => {
      restore(client, context?.saved);
      toast.show({ kind: "error", message: `Não foi possível adicionar: ${error.message}` });
    },
    onSuccess: (created, entry) => {
      client.setQueryData(restrictiveKeys.entry(entry.nationalId), { entry: created });
      toast.show({ kind: "success", message: options.successMessage?.(entry) ?? "Documento adicionado à lista restritiva." });
    },
    onSettled: () => client.invalidateQueries({ queryKey: restrictiveKeys.all }),
  });
}

export function useRemoveRestrictiveEntry() {
  const client = useQueryClient();
  const toast = useToast();
  const add = useAddRestrictiveEntry({ successMessage: () => "Remoção desfeita: o documento voltou à lista restritiva." });
  return useMutation({
    mutationFn: (entry: RestrictiveEntry) =>
      bffSend<void>(`/bff/restrictive-list/${encodeURIComponent(entry.nationalId)}`, { method: "DELETE" }),
    onMutate: async (entry) => {
      const saved = await snapshot(client);
      forEachPage(client, (page) => {
        const items = page.items.filter((item) => item.nationalId !== entry.nationalId);
        return items.length === page.items.length ? page : { ...page, items, total: Math.max(0, page.total - 1) };
      });
      client.setQueryData(restrictiveKeys.entry(entry.nationalId), { entry: null });
      return { saved };
    },
    onError: (error, _entry, context) => {
      restore(client, context?.saved);
      toast.show({ kind: "error", message: `Não foi possível remover: ${error.message}` });
    },
    onSuccess: (_nothing, entry) => {
      toast.show({
        kind: "success",
        message: "Documento removido da lista restritiva.",
        action: {
          label: "Desfazer",
          onClick: () =>
            add.mutate({
              nationalId: entry.nationalId,
              reason: entry.reason,
              ...(entry.name ? { name: entry.name } : {}),
              ...(entry.expiresAt ? { expiresAt: entry.expiresAt } : {}),
            }),
        },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: restrictiveKeys.all }),
  });
}
