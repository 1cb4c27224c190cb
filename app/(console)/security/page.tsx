import type { Metadata } from "next";
import { SecurityPageClient } from "@/components/auth/security-page-client";

export const metadata: Metadata = { title: "Segurança da conta" };

// GET /security – the signed-in person's second factor (issue 34).
export default function SecurityPage() {
  return (
    <>
      <div className="mb-4">
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Segurança da conta</h1>
        <p className="mt-0.5 text-sm text-zinc-600">Como você confirma que é você ao entrar e antes de ações sensíveis.</p>
      </div>
      <SecurityPageClient />
    </>
  );
}
