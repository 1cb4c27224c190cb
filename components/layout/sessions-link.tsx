"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";

/** "Sessões ativas" beside the e-mail, from md up (below it the Menu panel holds it; issue 34). */
export function SessionsLink() {
  const active = usePathname() === "/sessions";
  return (
    <Link
      href="/sessions"
      data-testid="sessions-link"
      aria-current={active ? "page" : undefined}
      className={cn(buttonClass("ghost", "sm"), "hidden md:inline-flex", active && "bg-zinc-100 text-zinc-900")}
    >
      Sessões ativas
    </Link>
  );
}
