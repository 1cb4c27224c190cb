"use client";

import { signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { safeCallbackUrl } from "@/lib/auth/safe-callback-url";
import { bffSend } from "@/lib/query/bff-send";
import { BffError } from "@/lib/query/bff-fetch";
import { Field, FormProblem, totpCode } from "./field";
import { TotpEnrolment } from "./totp-enrolment";

// The sign-in's second step (issue 34): "Código do autenticador", or a recovery code; when the
// workspace requires a factor the person has not enrolled, the enrolment instead. Then a full
// navigation to where the person was going, with the session's full tokens.

export function SecondFactorForm({ due, callbackUrl }: { due: "pending" | "enrolment"; callbackUrl: string }) {
  const go = () => window.location.assign(safeCallbackUrl(callbackUrl, window.location.origin));
  return (
    <div className="space-y-4">
      {due === "enrolment" ? (
        <>
          <p className="text-sm text-zinc-700" data-testid="enrol-required">
            Este workspace exige um segundo fator. Ative-o agora para entrar.
          </p>
          <TotpEnrolment onDone={go} />
        </>
      ) : (
        <CodeForm onDone={go} />
      )}
      <button
        type="button"
        className="text-xs font-medium text-zinc-600 underline"
        onClick={() => void signOut({ callbackUrl: "/login" })}
        data-testid="second-factor-sign-out"
      >
        Entrar com outra conta
      </button>
    </div>
  );
}

function CodeForm({ onDone }: { onDone: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get("second-factor-code") ?? "").trim();
    let body: Record<string, string>;
    if (recovery) {
      if (!raw) return setProblem("Digite um código de recuperação.");
      body = { recoveryCode: raw };
    } else {
      const code = totpCode(raw);
      if (!code) return setProblem("Digite os 6 dígitos do aplicativo autenticador.");
      body = { code };
    }
    setPending(true);
    setProblem(null);
    try {
      await bffSend("/bff/auth/second-factor", { method: "POST", body });
      onDone();
    } catch (error) {
      setProblem(error instanceof BffError ? error.message : "Sem conexão com o console. Tente novamente.");
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="second-factor-form">
      <FormProblem message={problem} testId="second-factor-problem" />
      <Field
        key={recovery ? "recovery" : "code"}
        id="second-factor-code"
        label={recovery ? "Código de recuperação" : "Código do autenticador"}
        hint={
          recovery
            ? "Um dos 10 códigos guardados ao ativar o segundo fator; cada um vale uma vez."
            : "Os 6 dígitos que o aplicativo mostra agora."
        }
        inputMode={recovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        placeholder={recovery ? "xxxxx-xxxxx" : "123456"}
        autoFocus
        data-testid="second-factor-code"
      />
      <Button type="submit" variant="primary" className="w-full" disabled={pending} data-testid="second-factor-submit">
        {pending ? <Spinner className="size-4" /> : null}
        {pending ? "Verificando…" : "Entrar"}
      </Button>
      <button
        type="button"
        className="text-xs font-medium text-brand-700 underline"
        onClick={() => setRecovery((r) => !r)}
        data-testid="second-factor-toggle"
      >
        {recovery ? "Usar o código do aplicativo" : "Usar um código de recuperação"}
      </button>
    </form>
  );
}
