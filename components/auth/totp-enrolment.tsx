"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { bffSend } from "@/lib/query/bff-send";
import { BffError } from "@/lib/query/bff-fetch";
import type { TotpEnrolment as Enrolment } from "@/lib/contract/mfa";
import { Field, FormProblem, totpCode } from "./field";

// The TOTP enrolment (issue 34): the QR code to scan (and the secret to type, for an app that
// cannot scan), then a code from the app to confirm it (the factor counts only then), then the 10
// recovery codes, shown this once.

export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function start() {
    setPending(true);
    setProblem(null);
    try {
      setEnrolment(await bffSend<Enrolment>("/bff/auth/factor/totp", { method: "POST" }));
    } catch (error) {
      setProblem(error instanceof BffError ? error.message : "Não foi possível começar. Tente novamente.");
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = totpCode(String(new FormData(event.currentTarget).get("totp-code") ?? ""));
    if (!code) return setProblem("Digite os 6 dígitos que o aplicativo mostra agora.");
    setPending(true);
    setProblem(null);
    try {
      const answer = await bffSend<{ recoveryCodes: string[] }>("/bff/auth/factor/totp/confirm", { method: "POST", body: { code } });
      setCodes(answer.recoveryCodes);
    } catch (error) {
      setProblem(error instanceof BffError ? error.message : "Não foi possível confirmar. Tente novamente.");
    } finally {
      setPending(false);
    }
  }

  if (codes)
    return (
      <div className="max-w-xl space-y-3" data-testid="recovery-codes">
        <h3 className="text-sm font-semibold text-zinc-900">Códigos de recuperação</h3>
        <p className="text-sm text-zinc-600">
          Guarde estes 10 códigos em lugar seguro. Cada um serve uma vez, se você perder o celular. Eles não serão mostrados de novo.
        </p>
        <ol className="grid grid-cols-2 gap-1.5 rounded-md bg-zinc-50 p-3 font-mono text-sm text-zinc-900 ring-1 ring-zinc-200">
          {codes.map((code) => (
            <li key={code} data-testid="recovery-code">
              {code}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => void navigator.clipboard?.writeText(codes.join("\n"))}>
            Copiar códigos
          </Button>
          <Button type="button" variant="primary" onClick={onDone} data-testid="recovery-codes-done">
            Guardei os códigos
          </Button>
        </div>
      </div>
    );

  if (!enrolment)
    return (
      <div className="max-w-xl space-y-3">
        <FormProblem message={problem} testId="enrol-problem" />
        <p className="text-sm text-zinc-700">
          Sem segundo fator, quem descobrir sua senha entra na sua conta. Com ele, também precisa do código do seu celular. Use um
          aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) para gerar um código de 6 dígitos a
          cada 30 segundos.
        </p>
        <Button type="button" variant="primary" onClick={() => void start()} disabled={pending} data-testid="enrol-start">
          {pending ? <Spinner className="size-4" /> : null}
          Ativar segundo fator
        </Button>
      </div>
    );

  return (
    <form onSubmit={confirm} noValidate className="max-w-xl space-y-4" data-testid="enrol-form">
      <FormProblem message={problem} testId="enrol-problem" />
      <ol className="list-decimal space-y-3 pl-5 text-sm text-zinc-700">
        <li>
          Escaneie o QR code com o aplicativo autenticador.
          <img
            src={enrolment.qrCode}
            alt="QR code do segundo fator para o aplicativo autenticador"
            width={200}
            height={200}
            className="mt-2 rounded-md ring-1 ring-zinc-200"
            data-testid="enrol-qr"
          />
        </li>
        <li>
          Sem câmera? Digite esta chave no aplicativo:
          <code
            className="mt-1 block rounded bg-zinc-50 px-2 py-1 font-mono text-xs break-all text-zinc-900 ring-1 ring-zinc-200"
            data-testid="enrol-secret"
          >
            {enrolment.secret}
          </code>
          <details className="mt-1 text-xs text-zinc-600">
            <summary className="cursor-pointer">Endereço otpauth completo</summary>
            <code className="block font-mono break-all" data-testid="enrol-uri">
              {enrolment.otpauthUri}
            </code>
          </details>
        </li>
        <li>Digite o código que o aplicativo mostra.</li>
      </ol>
      <Field
        id="totp-code"
        label="Código do autenticador"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        data-autofocus
        data-testid="enrol-code"
      />
      <Button type="submit" variant="primary" disabled={pending} data-testid="enrol-confirm">
        {pending ? <Spinner className="size-4" /> : null}
        {pending ? "Confirmando…" : "Confirmar"}
      </Button>
    </form>
  );
}
