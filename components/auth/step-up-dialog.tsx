"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useToast } from "@/components/ui/toaster";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { bffFetch, BffError } from "@/lib/query/bff-fetch";
import { setStepUpHandler } from "@/lib/query/step-up";
import type { FactorStatus } from "@/lib/contract/mfa";
import { SSO_STEP_UP_PARAM } from "@/lib/contract/sso-values";
import { Field, FormProblem, totpCode } from "./field";

// Step-up (issue 34): revealing a full document, the CSV exports, changing settings, publishing or
// activating rules and managing factors need an authentication less than 15 minutes old. When the
// API refuses an act for that, this dialog asks for the password (and the authenticator's code
// when the person has one); the act is then repeated (lib/query/step-up.ts). Cancelling leaves it
// undone.
//
// A person who signs in by SSO has no password (GET /auth/factor's stepUpMethods says "sso"): the
// dialog offers "Confirmar com SSO", which goes to the workspace's identity provider (it asks the
// person to sign in again: max_age=0) and comes back to this page (lib/auth/sso.ts). The act is
// not repeated then (the page was left): the dialog says so, and a toast on the return says whether
// the identity was confirmed.

/** The toast of the return from an SSO step-up (?sso_step_up=ok or the refusal's code). */
const SSO_STEP_UP_OUTCOMES: Record<string, string> = {
  ok: "Identidade confirmada pelo login único por 15 minutos. Faça a ação de novo para concluí-la.",
  sso_token_invalid:
    "O provedor de identidade não confirmou uma nova autenticação (ou a resposta não passou nas verificações). Tente de novo.",
  sso_account_conflict: "Você entrou no provedor de identidade com outra conta. Confirme com a sua própria conta.",
  sso_state_invalid: "A confirmação expirou ou já foi usada. Tente de novo.",
  sso_mfa_required:
    "Este workspace exige segundo fator no provedor de identidade, e o provedor não confirmou que você o usou. Confirme de novo usando o segundo fator.",
  sso_not_available: "O login único não está mais disponível para a sua conta. Fale com o administrador.",
  unauthorized: "Sua sessão expirou. Entre novamente.",
};
const SSO_STEP_UP_FAILED = "Não foi possível confirmar sua identidade pelo login único. Tente de novo em instantes.";

function useSsoStepUpReturn() {
  const toast = useToast();
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get(SSO_STEP_UP_PARAM);
    if (outcome === null) return;
    url.searchParams.delete(SSO_STEP_UP_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    toast.show({ kind: outcome === "ok" ? "success" : "error", message: SSO_STEP_UP_OUTCOMES[outcome] ?? SSO_STEP_UP_FAILED });
  }, [toast]);
}

type Resolve = (confirmed: boolean) => void;

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const resolver = useRef<Resolve | null>(null);
  const [factor, setFactor] = useState<FactorStatus | null>(null);
  useSsoStepUpReturn();

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOpen(true);
        bffFetch<FactorStatus>("/bff/auth/factor")
          .then(setFactor)
          .catch(() => setFactor(null));
      }),
    [],
  );
  useEffect(() => setStepUpHandler(ask), [ask]);

  const finish = (confirmed: boolean) => {
    setOpen(false);
    resolver.current?.(confirmed);
    resolver.current = null;
  };

  // until GET /auth/factor answers (or when it fails), the password form, as before SSO
  const sso = factor?.stepUpMethods?.includes("sso") === true;
  const ssoOnly = sso && !factor?.stepUpMethods?.includes("password");

  return (
    <>
      {children}
      <Dialog
        open={open}
        onClose={() => finish(false)}
        title="Confirme sua identidade"
        description={
          ssoOnly
            ? "Esta ação expõe dados ou muda o workspace. Confirme sua identidade no login único da sua empresa; a confirmação vale por 15 minutos."
            : "Esta ação expõe dados ou muda o workspace. Digite sua senha para continuar; a confirmação vale por 15 minutos."
        }
        testId="step-up-dialog"
      >
        {open && sso ? <SsoStepUp onCancel={() => finish(false)} alone={ssoOnly} /> : null}
        {open && !ssoOnly ? (
          <StepUpForm hasFactor={factor?.enrolled === true} onDone={() => finish(true)} onCancel={() => finish(false)} />
        ) : null}
      </Dialog>
    </>
  );
}

/** "Confirmar com SSO": to the identity provider and back to this page (the act is not repeated). */
function SsoStepUp({ onCancel, alone }: { onCancel: () => void; alone: boolean }) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // the dialog focused its first control before GET /auth/factor answered: the button now
  useEffect(() => {
    if (alone) box.current?.querySelector<HTMLButtonElement>("[data-testid=step-up-sso-button]")?.focus();
  }, [alone]);

  async function go() {
    setPending(true);
    setProblem(null);
    try {
      const returnTo = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // not bffSend: a refused step-up must not ask for a step-up
      const response = await fetch("/bff/auth/sso-step-up", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ returnTo }),
        cache: "no-store",
      });
      const answer = (await response.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
      if (!response.ok || typeof answer?.url !== "string")
        throw new BffError(response.status, "sso_step_up_refused", answer?.error?.message ?? SSO_STEP_UP_FAILED);
      window.location.assign(answer.url);
    } catch (error) {
      setProblem(error instanceof BffError ? error.message : "Sem conexão com o console. Tente novamente.");
      setPending(false);
    }
  }

  return (
    <div ref={box} className={alone ? "space-y-4" : "mb-4 space-y-3 border-b border-zinc-200 pb-4"} data-testid="step-up-sso">
      <FormProblem message={problem} testId="step-up-sso-problem" />
      <p className="text-sm text-zinc-700" id="step-up-sso-hint">
        Você irá ao provedor de identidade da sua empresa, entrará de novo e voltará a esta página. A ação não será repetida
        automaticamente: ao voltar, faça-a de novo.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {alone ? (
          <Button type="button" onClick={onCancel} data-testid="step-up-cancel">
            Cancelar
          </Button>
        ) : null}
        <Button
          type="button"
          variant="primary"
          disabled={pending}
          onClick={go}
          aria-describedby="step-up-sso-hint"
          data-testid="step-up-sso-button"
        >
          {pending ? <Spinner className="size-4" /> : null}
          {pending ? "Redirecionando…" : "Confirmar com SSO"}
        </Button>
      </div>
      {alone ? null : <p className="text-sm text-zinc-600">Ou confirme com sua senha:</p>}
    </div>
  );
}

function StepUpForm({ hasFactor, onDone, onCancel }: { hasFactor: boolean; onDone: () => void; onCancel: () => void }) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("step-up-password") ?? "");
    const rawCode = String(form.get("step-up-code") ?? "").trim();
    if (!password) return setProblem("Digite sua senha.");
    const body: Record<string, string> = { password };
    if (hasFactor && !recovery) {
      const code = totpCode(rawCode);
      if (!code) return setProblem("Digite os 6 dígitos do aplicativo autenticador.");
      body.code = code;
    }
    if (hasFactor && recovery) {
      if (!rawCode) return setProblem("Digite um código de recuperação.");
      body.recoveryCode = rawCode;
    }
    setPending(true);
    setProblem(null);
    try {
      // not bffSend: a refused step-up must not ask for a step-up
      const response = await fetch("/bff/auth/step-up", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        cache: "no-store",
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new BffError(response.status, "step_up_refused", answer?.error?.message ?? "Não foi possível confirmar. Tente novamente.");
      }
      onDone();
    } catch (error) {
      setProblem(error instanceof BffError ? error.message : "Sem conexão com o console. Tente novamente.");
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="step-up-form">
      <FormProblem message={problem} testId="step-up-problem" />
      <Field
        id="step-up-password"
        label="Senha"
        type="password"
        autoComplete="current-password"
        required
        data-autofocus
        data-testid="step-up-password"
      />
      {hasFactor ? (
        <>
          <Field
            key={recovery ? "recovery" : "code"}
            id="step-up-code"
            label={recovery ? "Código de recuperação" : "Código do autenticador"}
            inputMode={recovery ? "text" : "numeric"}
            autoComplete="one-time-code"
            placeholder={recovery ? "xxxxx-xxxxx" : "123456"}
            data-testid="step-up-code"
          />
          <button type="button" className="text-xs font-medium text-brand-700 underline" onClick={() => setRecovery((r) => !r)}>
            {recovery ? "Usar o código do aplicativo" : "Usar um código de recuperação"}
          </button>
        </>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" onClick={onCancel} data-testid="step-up-cancel">
          Cancelar
        </Button>
        <Button type="submit" variant="primary" disabled={pending} data-testid="step-up-submit">
          {pending ? <Spinner className="size-4" /> : null}
          {pending ? "Confirmando…" : "Confirmar"}
        </Button>
      </div>
    </form>
  );
}
