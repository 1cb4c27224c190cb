"use client";

import { useEffect } from "react";
import { isTyping } from "@/lib/utils/is-typing";

// The page's keys, as in rede-cnpj: 1, 2 and 3 expand the selected node by that many levels;
// Escape ends the highlight (paths, neighbours). Not while typing in a field.

export function useInvestigateKeys({
  selected,
  onExpand,
  onEscape,
}: {
  selected: string | null;
  onExpand: (depth: 1 | 2 | 3) => void;
  onEscape: () => void;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "1" || e.key === "2" || e.key === "3") {
        if (!selected) return;
        e.preventDefault();
        onExpand(Number(e.key) as 1 | 2 | 3);
      } else if (e.key === "Escape") onEscape();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selected, onExpand, onEscape]);
}
