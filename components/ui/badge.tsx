import type { ReactNode } from "react";
import type { Tone } from "@/lib/verifications/status";
import { cn } from "@/lib/utils/cn";

const TONES: Record<Tone, { badge: string; dot: string }> = {
  neutral: { badge: "bg-zinc-100 text-zinc-700 ring-zinc-500/20", dot: "bg-zinc-400" },
  info: { badge: "bg-sky-50 text-sky-800 ring-sky-600/20", dot: "bg-sky-500" },
  progress: { badge: "bg-violet-50 text-violet-800 ring-violet-600/20", dot: "bg-violet-500" },
  success: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/20", dot: "bg-emerald-500" },
  warning: { badge: "bg-amber-50 text-amber-800 ring-amber-600/25", dot: "bg-amber-500" },
  danger: { badge: "bg-rose-50 text-rose-800 ring-rose-600/20", dot: "bg-rose-500" },
};

export function Badge({
  tone = "neutral",
  dot = false,
  pulse = false,
  className,
  children,
  ...rest
}: {
  tone?: Tone;
  dot?: boolean;
  pulse?: boolean;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
  "data-status"?: string;
  title?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone].badge,
        className,
      )}
      {...rest}
    >
      {dot ? <span aria-hidden="true" className={cn("size-1.5 rounded-full", TONES[tone].dot, pulse && "animate-pulse")} /> : null}
      {children}
    </span>
  );
}
