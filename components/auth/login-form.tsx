"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { safeCallbackUrl } from "@/lib/auth/safe-callback-url";
import { signInErrorMessage } from "@/lib/auth/sign-in-errors";
import { fetchCsrfToken, signInWithCredentials } from "@/lib/auth/sign-in-client";
import { useSsoDiscovery } from "./use-sso-discovery";

const inputClass =
  "block h-9 w-full rounded-md border-0 bg-white px-3 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-400 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";

export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string; initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);
  // Submitting is possible once hydrated; before that a native submit would only reload the page.
  const [ready, setReady] = useState(false);
  // the CSRF token is fetched while the form is filled, so the click posts the credentials at once
  const csrf = useRef<Promise<string | null> | null>(null);
  // e-mail first: a domain whose workspace has SSO gets "Entrar com SSO" (and the password only when it stays allowed)
  const [email, setEmail] = useState("");
  const sso = useSsoDiscovery(email);
  const passwordShown = !sso?.sso || sso.passwordAllowed;
  const [ssoPending, setSsoPending] = useState(false);

  // "Entrar com SSO": the console asks the service for the provider's URL (app/api/auth/sso/start) and goes there
  async function startSso() {
    setSsoPending(true);
    setError(null);
    try {
      const res = await fetch("/api/auth/sso/start", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: email.trim(), callbackUrl }),
      });
      const body = (await res.json().catch(() => ({}))) as { url?: unknown; error?: { code?: string } };
      if (res.ok && typeof body.url === "string") {
        window.location.assign(body.url);
        return;
      }
      setError(signInErrorMessage(body.error?.code ?? "sso_provider_error"));
    } catch {
      setError(signInErrorMessage("sso_provider_error"));
    }
    setSsoPending(false);
  }
  useEffect(() => {
    csrf.current = fetchCsrfToken();
    setReady(true);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!passwordShown) {
      void startSso();
      return;
    }
    if (!email || !password) {
      setError("Informe e-mail e senha.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await signInWithCredentials({ email, password, callbackUrl }, await csrf.current);
      if (!result.ok) {
        // a new token for the next attempt (the cookie may have been replaced)
        csrf.current = fetchCsrfToken();
        setError(signInErrorMessage(result.error));
        setPending(false);
        return;
      }
      // A full navigation, so that every server component renders with the new session.
      window.location.assign(safeCallbackUrl(callbackUrl, window.location.origin));
    } catch {
      setError(signInErrorMessage("ServiceUnavailable"));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4" data-testid="login-form">
      {error ? (
        <div
          role="alert"
          data-testid="login-error"
          className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-inset ring-rose-600/20"
        >
          {error}
        </div>
      ) : null}
      <div>
        <label htmlFor="email" className="mb-1.5 block text-sm font-medium text-zinc-800">
          E-mail
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          className={inputClass}
          data-testid="login-email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {sso?.sso ? (
        <div className="space-y-2" data-testid="login-sso">
          <p className="text-sm text-zinc-600">Sua organização usa login único neste workspace.</p>
          <Button
            type="button"
            onClick={() => void startSso()}
            disabled={ssoPending || !ready}
            variant={passwordShown ? "secondary" : "primary"}
            className="w-full"
            data-testid="login-sso-submit"
          >
            {ssoPending ? <Spinner className="size-4" /> : null}
            {ssoPending ? "Indo para o provedor…" : "Entrar com SSO"}
          </Button>
          {passwordShown ? <p className="text-center text-xs text-zinc-500">ou entre com sua senha</p> : null}
        </div>
      ) : null}
      {passwordShown ? (
        <>
          <div>
            <label htmlFor="password" className="mb-1.5 block text-sm font-medium text-zinc-800">
              Senha
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={inputClass}
              data-testid="login-password"
            />
          </div>
          <Button type="submit" variant="primary" className="w-full" disabled={pending || !ready} data-testid="login-submit">
            {pending ? <Spinner className="size-4" /> : null}
            {pending ? "Entrando…" : "Entrar"}
          </Button>
        </>
      ) : null}
    </form>
  );
}
