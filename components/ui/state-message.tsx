import type { ReactNode } from "react";
import { AlertIcon, InboxIcon } from "./icons";
import { cn } from "@/lib/utils/cn";

// Empty, error and not-found states: an icon, what happened, and what to do next.

export function StateMessage({
  kind = "empty",
  title,
  description,
  action,
  className,
  testId,
}: {
  kind?: "empty" | "error";
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const Icon = kind === "error" ? AlertIcon : InboxIcon;
  return (
    <div data-testid={testId} className={cn("flex flex-col items-center justify-center px-6 py-14 text-center", className)}>
      <div
        className={cn(
          "mb-3 flex size-10 items-center justify-center rounded-full",
          kind === "error" ? "bg-rose-50 text-rose-600" : "bg-zinc-100 text-zinc-500",
        )}
      >
        <Icon className="size-5" />
      </div>
      <h2 className="text-sm font-semibold text-zinc-900">{title}</h2>
      {description ? <div className="mt-1 max-w-md text-sm text-zinc-500">{description}</div> : null}
      {action ? <div className="mt-4 flex gap-2">{action}</div> : null}
    </div>
  );
}
