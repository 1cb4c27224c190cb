"use client";

import { useQuery } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { AwayDialog, useMyAbsence } from "@/components/routing/away-dialog";
import { ChevronDownIcon, LogOutIcon } from "@/components/ui/icons";
import { peopleQuery } from "@/lib/query/review-queries";
import { cn } from "@/lib/utils/cn";

// The user's corner of the header: one button with the person's name and e-mail (and "ausente até
// dd/mm" while away) that opens a menu with Ausente até…, Sessões ativas, Segurança and Sair. The
// WAI-ARIA menu button pattern: the button has aria-haspopup and aria-expanded; clicking it, Enter,
// Space or ↓ open the menu on its first item, ↑ on its last; in the menu ↑/↓ move (wrapping), Home
// and End jump, a letter goes to the next item starting with it, Escape closes and gives the focus
// back to the button, Tab closes and moves on, a click outside closes.

const ITEM =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-zinc-700 outline-none hover:bg-zinc-100 focus:bg-zinc-100 focus:text-zinc-900 aria-disabled:text-zinc-400";

const itemsOf = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/** Focuses the item at `index`, counted from the end when negative, wrapping past either end. */
function focusItem(menu: HTMLElement | null, index: number) {
  const list = itemsOf(menu);
  list[(index + list.length) % list.length]?.focus();
}

export function UserMenu({
  email,
  roleLabel,
  directory = false,
  sessions = false,
  security = false,
  away = false,
}: {
  email: string;
  roleLabel: string;
  /** The review API answers: the person's name comes from the workspace's people. */
  directory?: boolean;
  /** "Sessões ativas" (issue 34): the API lists sessions. */
  sessions?: boolean;
  /** "Segurança" (the second factor, issue 34): when the API offers it. */
  security?: boolean;
  /** "Ausente até…" (routing, docs/routing.md): the API routes cases and the user may be given some. */
  away?: boolean;
}) {
  const people = useQuery({ ...peopleQuery(), enabled: directory });
  const name = people.data?.people.find((p) => p.email === email)?.name || null;
  const absence = useMyAbsence(away);
  const pathname = usePathname();
  // Open only on the page it was opened on: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const [awayOpen, setAwayOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const firstFocus = useRef<"first" | "last" | null>(null);
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const items = () => itemsOf(menu.current);
  const focusAt = (index: number) => focusItem(menu.current, index);
  const show = (at: "first" | "last") => {
    if (open) return focusAt(at === "first" ? 0 : -1);
    firstFocus.current = at;
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // Focus the first (or last) item once the menu is in the page.
  useEffect(() => {
    if (!open || !firstFocus.current) return;
    focusItem(menu.current, firstFocus.current === "first" ? 0 : -1);
    firstFocus.current = null;
  }, [open]);

  // The dialog closed: the focus goes back to the button, once the dialog has left the top layer
  // (while it is modal the rest of the page is inert and cannot take the focus).
  useEffect(() => {
    if (awayOpen || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [awayOpen]);

  // A click anywhere else closes the menu (the focus stays where the click put it).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popup.current?.contains(target) && !button.current?.contains(target)) setOpenOn(null);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === "ArrowDown") focusAt(at + 1);
    else if (event.key === "ArrowUp") focusAt(at < 0 ? -1 : at - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(-1);
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") {
      setOpen(false);
      return; // the focus moves on as Tab moves it
    } else if (event.key === " " && document.activeElement instanceof HTMLAnchorElement) {
      document.activeElement.click(); // Space activates a link item as it does a button
    } else if (event.key.length === 1 && /\p{L}/u.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toLocaleLowerCase("pt-BR");
      const next = [...list.slice(at + 1), ...list.slice(0, at + 1)].find((item) =>
        (item.textContent ?? "").trim().toLocaleLowerCase("pt-BR").startsWith(letter),
      );
      next?.focus();
    } else return;
    event.preventDefault();
  };

  const hint = absence?.until ? `até ${absence.until.slice(8, 10)}/${absence.until.slice(5, 7)}` : null;
  const initials = (name ?? email)
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toLocaleUpperCase("pt-BR"))
    .join("");

  return (
    <div className="relative">
      <button
        ref={button}
        id={buttonId}
        type="button"
        data-testid="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show("first"))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            show(event.key === "ArrowDown" ? "first" : "last");
          }
        }}
        className="flex h-10 max-w-[16rem] items-center gap-2 rounded-md px-1.5 text-left hover:bg-zinc-100 aria-expanded:bg-zinc-100"
      >
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
        >
          {initials}
        </span>
        <span className="hidden min-w-0 leading-tight sm:block">
          {name ? <span className="block truncate text-sm font-medium text-zinc-900">{name}</span> : null}
          <span
            data-testid="user-email"
            className={cn("block truncate", name ? "text-xs text-zinc-600" : "text-sm font-medium text-zinc-900")}
          >
            {email}
          </span>
        </span>
        {/* On phones the name gives way; the initials and the menu's header say who it is. */}
        <span className="sr-only sm:hidden">{name ?? email}</span>
        {hint ? (
          <span
            data-testid="user-menu-away"
            className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200 ring-inset"
          >
            {/* on phones "até 15/01" (the header has room for no more), "ausente até 15/01" read aloud */}
            <span className="sr-only sm:not-sr-only">ausente </span>
            {hint}
          </span>
        ) : null}
        <ChevronDownIcon className="size-4 shrink-0 text-zinc-500" />
      </button>
      {open ? (
        <div
          ref={popup}
          data-testid="user-menu"
          className="absolute right-0 z-40 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-lg bg-white p-1 shadow-lg ring-1 ring-zinc-200"
        >
          <div className="border-b border-zinc-100 px-3 pt-2 pb-2.5 leading-tight">
            {name ? <div className="truncate text-sm font-medium text-zinc-900">{name}</div> : null}
            <div className="text-xs break-all text-zinc-600">{email}</div>
            <div data-testid="user-role" className="mt-0.5 text-xs text-zinc-500">
              {roleLabel}
            </div>
          </div>
          <div ref={menu} id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKey} className="pt-1">
            {/* there from the first paint, so the items never move under the focus; usable once the
                person's absence is read */}
            {away ? (
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-haspopup="dialog"
                aria-disabled={!absence || undefined}
                data-testid="away-menu"
                className={ITEM}
                onClick={() => {
                  if (!absence) return;
                  setOpen(false);
                  setAwayOpen(true);
                }}
              >
                {absence?.label ?? "Ausente até…"}
              </button>
            ) : null}
            {sessions ? (
              <Link
                href="/sessions"
                role="menuitem"
                tabIndex={-1}
                data-testid="sessions-link"
                aria-current={pathname === "/sessions" ? "page" : undefined}
                className={ITEM}
                onClick={() => setOpen(false)}
              >
                Sessões ativas
              </Link>
            ) : null}
            {security ? (
              <Link
                href="/security"
                role="menuitem"
                tabIndex={-1}
                data-testid="security-link"
                aria-current={pathname === "/security" ? "page" : undefined}
                className={ITEM}
                onClick={() => setOpen(false)}
              >
                Segurança
              </Link>
            ) : null}
            {away || sessions || security ? <div role="separator" className="my-1 border-t border-zinc-100" /> : null}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid="sign-out"
              aria-disabled={leaving || undefined}
              className={ITEM}
              onClick={() => {
                if (leaving) return;
                setLeaving(true);
                void signOut({ callbackUrl: "/login" });
              }}
            >
              <LogOutIcon className="size-3.5" />
              {leaving ? "Saindo…" : "Sair"}
            </button>
          </div>
        </div>
      ) : null}
      {absence ? (
        <AwayDialog
          open={awayOpen}
          absence={absence}
          onClose={() => {
            refocus.current = true;
            setAwayOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
