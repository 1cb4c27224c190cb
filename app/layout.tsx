import type { Metadata } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Lupa", template: "%s · Lupa" },
  description: "Console de análise de verificações de identidade",
  robots: { index: false, follow: false },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each gets the nonce of its own
  // Content-Security-Policy (proxy.ts); Next.js puts it on its scripts.
  await headers();
  return (
    <html lang="pt-BR">
      <body className="min-h-screen font-sans text-sm">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
