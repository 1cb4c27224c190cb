import type { Metadata } from "next";
import { getServerSession } from "next-auth";
import { Suspense } from "react";
import { UsagePageClient } from "@/components/usage/usage-page-client";
import { StateMessage } from "@/components/ui/state-message";
import { authOptions } from "@/lib/auth/options";

export const metadata: Metadata = { title: "Uso" };

// GET /usage – billed actions per day and per action, for admins. Other roles are told so (the
// BFF refuses them as well).
export default async function UsagePage() {
  const session = await getServerSession(authOptions);
  if (session?.user?.role !== "admin") {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold text-zinc-900">Uso</h1>
        <div className="rounded-lg border border-zinc-200 bg-white">
          <StateMessage
            kind="error"
            testId="usage-refused"
            title="Acesso restrito a administradores"
            description="O uso faturado do workspace é visível só para administradores. Peça acesso a um administrador."
          />
        </div>
      </div>
    );
  }
  return (
    <Suspense>
      <UsagePageClient />
    </Suspense>
  );
}
