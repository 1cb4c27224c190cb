"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toaster";
import { bffSend } from "@/lib/query/bff-send";
import { useOpenCase } from "./use-open-case";

/** The list's query (without "?") whose queue "Próximo caso" takes from: by default the page's own. */
const ownQuery = () => window.location.search.replace(/^\?/, "");

/**
 * "Próximo caso" (issue 18): takes the next case of a queue (assigns it to the analyst) and opens it.
 * On the list, the queue is the page's; on a case page, the list it was opened from.
 */
export function useNextCase(query: () => string = ownQuery) {
  const { open, pending: opening } = useOpenCase();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => bffSend<{ id: string | null }>("/bff/review/cases/next", { method: "POST", body: { query: query() } }),
    onSuccess: ({ id }) => {
      if (!id) {
        toast.show({ kind: "error", message: "Nenhum caso disponível nesta fila: não há caso concluído, sem decisão e sem responsável." });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: ["verifications"] });
      open(id);
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
  });
  // pending until the case it took has opened, not only until the server answered
  return { ...mutation, isPending: mutation.isPending || opening };
}

export type NextCase = ReturnType<typeof useNextCase>;
