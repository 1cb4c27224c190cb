import Link from "next/link";
import { AlertsCount } from "@/components/monitoring/alerts-count";
import { LupaMark } from "./lupa-mark";
import { MobileNav } from "./mobile-nav";
import { NavLink } from "./nav-link";
import { navItems } from "./nav-items";
import { SignOutButton } from "./sign-out-button";
import { SessionsLink } from "./sessions-link";
import { buttonClass } from "@/components/ui/button";
import { AwayMenu } from "@/components/routing/away-menu";
import { ROLE_LABELS } from "@/lib/verifications/status";

export function AppHeader({
  email,
  role,
  settings = false,
  rules = false,
  sessions = false,
  monitoring = false,
  graph = false,
  security = false,
  away = false,
}: {
  email: string;
  role: string | null;
  settings?: boolean;
  rules?: boolean;
  /** "Sessões ativas" in the user's corner (issue 34): the API lists sessions. */
  sessions?: boolean;
  monitoring?: boolean;
  graph?: boolean;
  /** "Segurança" (the second factor, issue 34): when the API offers it. */
  security?: boolean;
  /** "Ausente até…" (routing, docs/routing.md): the API routes cases and the user may be given some. */
  away?: boolean;
}) {
  const items = navItems(role, settings, rules, monitoring, graph);
  const roleLabel = role ? (ROLE_LABELS[role] ?? role) : "Sem papel";
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
      {/* Phones (below md): the links live in a "Menu" panel. From md to 2xl they take a second row
          of their own (an admin's ten links and the user's corner do not fit one row at 1280 px);
          from 2xl up everything is one row. */}
      <div className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 sm:px-6 md:pb-0 2xl:h-14 2xl:flex-nowrap 2xl:py-0">
        <Link href="/overview" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-zinc-900">
          <LupaMark />
          <span>Lupa</span>
        </Link>
        <nav
          aria-label="Principal"
          className="order-last -mx-2 hidden w-[calc(100%+1rem)] items-center gap-1 overflow-x-auto pb-2 md:flex 2xl:order-none 2xl:mx-0 2xl:w-auto 2xl:pb-0"
        >
          {items.map((item) => (
            <NavLink key={item.href} href={item.href}>
              {item.label}
              {item.count === "alerts" ? <AlertsCount /> : null}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <div className="hidden text-right leading-tight sm:block">
            <div data-testid="user-email" className="text-sm font-medium text-zinc-900">
              {email}
            </div>
            <div className="flex items-center justify-end gap-1 text-xs text-zinc-500">
              <span data-testid="user-role" data-role={role ?? ""}>
                {roleLabel}
              </span>
              {sessions ? <SessionsLink /> : null}
            </div>
          </div>
          <MobileNav items={items} email={email} roleLabel={roleLabel} sessions={sessions} />
          {away ? <AwayMenu /> : null}
          {security ? (
            <Link href="/security" className={buttonClass("ghost", "sm")} data-testid="security-link">
              Segurança
            </Link>
          ) : null}
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
