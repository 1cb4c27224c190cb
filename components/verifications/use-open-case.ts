"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState, useTransition } from "react";

/**
 * Opens a case page inside a transition: the current page stays, and says which case is opening
 * (`openingId`), until the case arrives whole. The case page has no loading state of its own
 * (docs/architecture.md, "The console"): a skeleton first would delay its content by React's reveal
 * throttle (300 ms after the skeleton's paint) on every first load and navigation.
 */
export function useOpenCase() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [target, setTarget] = useState<string | null>(null);
  const open = useCallback(
    (id: string) => {
      setTarget(id);
      startTransition(() => router.push(`/verifications/${id}`));
    },
    [router],
  );
  return { open, openingId: pending ? target : null, pending };
}

/** A plain left click without modifiers: the one a link may take over (others open a new tab, …). */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
