import Link from "next/link";
import { AlertsCount } from "@/components/monitoring/alerts-count";
import { LupaMark } from "./lupa-mark";
import { MobileNav } from "./mobile-nav";
import { NavLink } from "./nav-link";
import { navItems } from "./nav-items";
import { UserMenu } from "./user-menu";
import { ROLE_LABELS } from "@/lib/verifications/status";
import { cn } from "@/lib/utils/cn";

/** The most links that fit one row beside the logo and the user menu at xl (measured: see below). */
const ONE_ROW_LINKS = 7;

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
  directory = false,
}: {
  email: string;
  role: string | null;
  settings?: boolean;
  rules?: boolean;
  /** "Sessões ativas" in the user menu (issue 34): the API lists sessions. */
  sessions?: boolean;
  monitoring?: boolean;
  graph?: boolean;
  /** "Segurança" (the second factor, issue 34): when the API offers it. */
  security?: boolean;
  /** "Ausente até…" (routing, docs/routing.md): the API routes cases and the user may be given some. */
  away?: boolean;
  /** The review API answers: the user menu shows the person's name from the workspace's people. */
  directory?: boolean;
}) {
  const items = navItems(role, settings, rules, monitoring, graph);
  const roleLabel = role ? (ROLE_LABELS[role] ?? role) : "Sem papel";
  // Phones (below md): the links live in a "Menu" panel. From md they take a row of their own, and
  // from xl (the header's 1,232 px) up they share one row with the logo and the user menu when they
  // fit: seven links (an analyst's, a viewer's) take about 770 px of the 900 left beside the user
  // menu's button; an admin's ten take 1,032 px, so theirs keep their own row at every width.
  const oneRow = items.length <= ONE_ROW_LINKS;
  return (
    <header data-one-row={oneRow || undefined} className="sticky top-0 z-30 border-b border-zinc-200 bg-white/95 backdrop-blur">
      <div
        className={cn(
          "relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 sm:px-6 md:pb-0",
          oneRow && "xl:h-14 xl:flex-nowrap xl:py-0",
        )}
      >
        <Link href="/overview" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-zinc-900">
          <LupaMark />
          <span>Lupa</span>
        </Link>
        <nav
          aria-label="Principal"
          className={cn(
            "order-last -mx-2 hidden w-[calc(100%+1rem)] items-center gap-1 overflow-x-auto pb-2 md:flex",
            oneRow && "xl:order-none xl:mx-0 xl:w-auto xl:pb-0",
          )}
        >
          {items.map((item) => (
            // a little tighter at lg: an admin's ten links fit the row at 1024 px (952 of 992 px)
            <NavLink key={item.href} href={item.href} className="lg:px-2 xl:px-3">
              {item.label}
              {item.count === "alerts" ? <AlertsCount /> : null}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <MobileNav items={items} />
          <UserMenu email={email} roleLabel={roleLabel} directory={directory} sessions={sessions} security={security} away={away} />
        </div>
      </div>
    </header>
  );
}
