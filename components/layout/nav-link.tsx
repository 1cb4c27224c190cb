"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils/cn";

export function NavLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
        active ? "bg-zinc-100 text-zinc-900" : "text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900",
        className,
      )}
    >
      {children}
      <Pending />
    </Link>
  );
}

// The pages open whole, without a skeleton first (docs/architecture.md, "The console"): until the
// next page arrives, its link says so.
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? <Spinner className="ml-1.5 inline size-3 align-[-1px] text-brand-600" label="Carregando…" /> : null;
}
