"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils/cn";

/**
 * "Sessões ativas" under the e-mail, beside the role (issue 34); on phones the Menu panel holds it.
 * Inside the e-mail's block, so it takes no width from the navigation.
 */
export function SessionsLink() {
  const active = usePathname() === "/sessions";
  return (
    <>
      <span aria-hidden="true">·</span>
      <Link
        href="/sessions"
        data-testid="sessions-link"
        aria-current={active ? "page" : undefined}
        className={cn("rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline", active && "underline")}
      >
        Sessões ativas
      </Link>
    </>
  );
}
