import Link from "next/link";
import { LupaMark } from "./lupa-mark";
import { NavLink } from "./nav-link";
import { SignOutButton } from "./sign-out-button";
import { ROLE_LABELS } from "@/lib/verifications/status";

export function AppHeader({ email, role, settings = false }: { email: string; role: string | null; settings?: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
      {/* One row from lg up; below it the nav takes a second row of its own and scrolls sideways, so
          no link is ever cut at phone widths. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 pt-2 sm:px-6 lg:h-14 lg:flex-nowrap lg:pt-0">
        <Link href="/overview" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-zinc-900">
          <LupaMark />
          <span>Lupa</span>
        </Link>
        <nav
          aria-label="Principal"
          className="order-last -mx-2 flex w-[calc(100%+1rem)] items-center gap-1 overflow-x-auto pb-2 lg:order-none lg:mx-0 lg:w-auto lg:pb-0"
        >
          <NavLink href="/overview">Visão geral</NavLink>
          <NavLink href="/verifications">Verificações</NavLink>
          <NavLink href="/enrichments">Enriquecimentos</NavLink>
          <NavLink href="/restrictive-list">Lista restritiva</NavLink>
          {role === "admin" ? <NavLink href="/usage">Uso</NavLink> : null}
          {settings ? <NavLink href="/settings">Configurações</NavLink> : null}
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
