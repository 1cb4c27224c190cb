import Link from "next/link";
import { cn } from "@/lib/utils/cn";

// The parts of /settings (admins): the review's settings, the API keys and the members' sessions
// (issue 34). `current` marks the page shown.

const LINKS = [
  { href: "/settings", label: "Revisão" },
  { href: "/settings/api-keys", label: "Chaves de API" },
  { href: "/settings/members", label: "Membros" },
] as const;

export function SettingsLinks({ current, apiKeys = true }: { current: (typeof LINKS)[number]["href"]; apiKeys?: boolean }) {
  if (!apiKeys) return null;
  return (
    <nav aria-label="Configurações" className="mb-4 flex gap-1 overflow-x-auto border-b border-zinc-200" data-testid="settings-links">
      {LINKS.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          aria-current={link.href === current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
            link.href === current ? "border-brand-600 text-brand-700" : "border-transparent text-zinc-600 hover:text-zinc-900",
          )}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
