import Link from "next/link";
import { LupaMark } from "./lupa-mark";
import { NavLink } from "./nav-link";
import { SignOutButton } from "./sign-out-button";
import { ROLE_LABELS } from "@/lib/verifications/status";

export function AppHeader({ email, role }: { email: string; role: string | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Link href="/overview" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-zinc-900">
          <LupaMark />
          <span>Lupa</span>
        </Link>
        <nav aria-label="Principal" className="flex items-center gap-1">
          <NavLink href="/overview">Visão geral</NavLink>
          <NavLink href="/verifications">Verificações</NavLink>
          <NavLink href="/enrichments">Enriquecimentos</NavLink>
          {role === "admin" ? <NavLink href="/usage">Uso</NavLink> : null}
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <div className="hidden text-right leading-tight sm:block">
            <div data-testid="user-email" className="text-sm font-medium text-zinc-900">
              {email}
            </div>
            <div data-testid="user-role" data-role={role ?? ""} className="text-xs text-zinc-500">
              {role ? (ROLE_LABELS[role] ?? role) : "Sem papel"}
            </div>
          </div>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
