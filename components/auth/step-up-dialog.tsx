"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { bffFetch, BffError } from "@/lib/query/bff-fetch";
import { setStepUpHandler } from "@/lib/query/step-up";
import type { FactorStatus } from "@/lib/contract/mfa";
import { Field, FormProblem, totpCode } from "./field";

// Step-up (issue 34): revealing a full document, the CSV exports, changing settings, publishing or
// activating rules and managing factors need an authentication less than 15 minutes old. When the
// API refuses an act for that, this dialog asks for the password (and the authenticator's code
// when the person has one); the act is then repeated (lib/query/step-up.ts). Cancelling leaves it
// undone.

type Resolve = (confirmed: boolean) => void;

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const resolver = useRef<Resolve | null>(null);
  const [factor, setFactor] = useState<FactorStatus | null>(null);

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

  return (
    <>
      {children}
      <Dialog
        open={open}
        onClose={() => finish(false)}
        title="Confirme sua identidade"
        description="Esta ação expõe dados ou muda o workspace. Digite sua senha para continuar; a confirmação vale por 15 minutos."
        testId="step-up-dialog"
      >
        {open ? <StepUpForm hasFactor={factor?.enrolled === true} onDone={() => finish(true)} onCancel={() => finish(false)} /> : null}
      </Dialog>
    </>
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
