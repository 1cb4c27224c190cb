import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { SecondFactorForm } from "@/components/auth/second-factor-form";
import { LupaMark } from "@/components/layout/lupa-mark";
import { authOptions } from "@/lib/auth/options";
import { safeCallbackUrl } from "@/lib/auth/safe-callback-url";

export const metadata: Metadata = { title: "Segundo fator" };

// GET /login/second-factor – the sign-in's second step (issue 34). proxy.ts sends here every page of
// a session that still owes its second factor, and sends away one that owes nothing.
export default async function SecondFactorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await getServerSession(authOptions);
  if (!session?.user) redirect("/login");
  const due = session.user.secondFactor;
  if (!due) redirect("/overview");
  const raw = (await searchParams).callbackUrl;
  const callbackUrl = safeCallbackUrl(Array.isArray(raw) ? raw[0] : raw, process.env.NEXTAUTH_URL || undefined);
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4 py-8">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <LupaMark className="size-10" />
          <h1 className="mt-4 text-xl font-semibold tracking-tight text-zinc-900">
            {due === "enrolment" ? "Ative o segundo fator" : "Segundo fator"}
          </h1>
          <p className="mt-1 text-sm text-zinc-600" data-testid="second-factor-email">
            {session.user.email}
          </p>
        </div>
        <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
          <SecondFactorForm due={due} callbackUrl={callbackUrl} />
        </div>
      </div>
    </main>
  );
}
