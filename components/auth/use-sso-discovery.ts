"use client";

import { useEffect, useState } from "react";

// Asks the console (POST /api/auth/sso/discover) whether the typed e-mail's domain signs in with
// SSO, once per domain, after the typing pauses. The answer is about the domain only.

export interface SsoOffer {
  sso: boolean;
  passwordAllowed: boolean;
}

const EMAIL = /^[^\s@]+@([^\s@]+\.[^\s@]{2,})$/;

export function useSsoDiscovery(email: string): SsoOffer | null {
  const domain = EMAIL.exec(email.trim())?.[1]?.toLowerCase() ?? null;
  const [answers, setAnswers] = useState<Record<string, SsoOffer>>({});
  const known = domain ? answers[domain] : undefined;
  useEffect(() => {
    if (!domain || known) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch("/api/auth/sso/discover", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: email.trim() }),
          signal: controller.signal,
        });
        if (!res.ok) return;
        const body = (await res.json()) as SsoOffer;
        setAnswers((all) => ({ ...all, [domain]: { sso: body.sso === true, passwordAllowed: body.passwordAllowed !== false } }));
      } catch {
        // no answer: the password form stays as it is
      }
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // the e-mail's other parts do not change the answer: asked again only for another domain
  }, [domain, known]);
  return known ?? null;
}
