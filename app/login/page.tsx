import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { LupaMark } from "@/components/layout/lupa-mark";
import { safeCallbackUrl } from "@/lib/auth/safe-callback-url";
import { signInErrorMessage } from "@/lib/auth/sign-in-errors";

export const metadata: Metadata = { title: "Entrar" };

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(first(params.callbackUrl), process.env.NEXTAUTH_URL || undefined);
  const initialError = signInErrorMessage(first(params.error));

  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <LupaMark className="size-10" />
          <h1 className="mt-4 text-xl font-semibold tracking-tight text-zinc-900">Entrar no Lupa</h1>
          <p className="mt-1 text-sm text-zinc-600">Console de análise de verificações</p>
        </div>
        <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
          <LoginForm callbackUrl={callbackUrl} initialError={initialError} />
        </div>
        <p className="mt-6 text-center text-xs text-zinc-600" data-testid="login-footer">
          Acesso restrito a analistas autorizados.
        </p>
      </div>
    </main>
  );
}
