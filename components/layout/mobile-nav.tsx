"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { MenuIcon, XIcon } from "@/components/ui/icons";
import { AlertsCount } from "@/components/monitoring/alerts-count";
import { NavLink } from "./nav-link";
import type { NavItem } from "./nav-items";

/**
 * The navigation below md (phones): a "Menu" button that opens the links as a panel under the
 * header (a disclosure: aria-expanded, Escape or a click outside closes it and gives the focus back
 * to the button). Following a link closes it: it is open only on the page it was opened on. The
 * person's own links (Sessões ativas, Segurança, Sair) are in the user menu (user-menu.tsx).
 */
export function MobileNav({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpenOn(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        data-testid="nav-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-zinc-700 ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50"
      >
        {open ? <XIcon className="size-4" /> : <MenuIcon className="size-4" />}
        Menu
        {items.some((item) => item.count === "alerts") ? <AlertsCount /> : null}
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-zinc-200 bg-white px-4 pt-2 pb-3 shadow-lg"
      >
        <nav aria-label="Principal" data-testid="nav-menu">
          <ul className="flex flex-col gap-0.5">
            {items.map((item) => (
              <li key={item.href} className="flex">
                <NavLink href={item.href} className="flex-1 py-2.5 text-base">
                  {item.label}
                  {item.count === "alerts" ? <AlertsCount /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
