"use client";

import { useSyncExternalStore } from "react";

// Whether the window is a phone's width (below Tailwind's sm, 640 px): tables become cards there
// (components/ui/data-table.tsx). The server and the first render assume a wide window, so
// hydration matches; a narrow window switches right after it.

const NARROW = "(max-width: 639.98px)";

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(NARROW);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
