"use client";

import { useCallback, useEffect, useState } from "react";
import { useSignedInUser } from "@/components/auth/role-context";

// The triage mode (issue 28, item 4): after a decision the next case of the list opens by itself.
// Off by default: a decision leaves the page on the decided case ("Decisão registrada", "Próximo
// caso (n)"), since moving to another case without saying so had an analyst download the next
// case's PDF believing it the decided one. The analyst turns it on; it is kept per person in this
// browser (localStorage, keyed by the signed-in e-mail).
//
// When it moves, the case it leaves is handed to the next page (sessionStorage), whose banner
// names the case decided and the one now shown.

const modeKey = (user: string | null) => `lupa.triage-mode.${user ?? "anon"}`;
const MOVE_KEY = "lupa.triage-moved";

export function useTriageMode(): [boolean, (on: boolean) => void] {
  const user = useSignedInUser();
  const [on, setOn] = useState(false);
  useEffect(() => {
    setOn(localStorage.getItem(modeKey(user)) === "on");
    const sync = (event: StorageEvent) => {
      if (event.key === modeKey(user)) setOn(event.newValue === "on");
    };
    window.addEventListener("storage", sync);
    return () => window.removeEventListener("storage", sync);
  }, [user]);
  const set = useCallback(
    (value: boolean) => {
      setOn(value);
      try {
        if (value) localStorage.setItem(modeKey(user), "on");
        else localStorage.removeItem(modeKey(user));
      } catch {
        // storage refused: the mode lasts this page only
      }
    },
    [user],
  );
  return [on, set];
}

/** The case the triage mode left, and where it went. */
export interface TriageMove {
  from: { id: string; name: string | null; decision: string };
  to: string;
}

export function rememberMove(move: TriageMove): void {
  try {
    sessionStorage.setItem(MOVE_KEY, JSON.stringify(move));
  } catch {
    // the banner is lost, the move is not
  }
}

/** The move that led to `id` (kept until the banner is closed or another case opens). */
export function readMove(id: string): TriageMove | null {
  try {
    const move = JSON.parse(sessionStorage.getItem(MOVE_KEY) ?? "null") as TriageMove | null;
    return move?.to === id && move.from?.id ? move : null;
  } catch {
    return null;
  }
}

export function forgetMove(): void {
  try {
    sessionStorage.removeItem(MOVE_KEY);
  } catch {
    // nothing to forget
  }
}
