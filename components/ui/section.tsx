import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export function Section({
  title,
  description,
  actions,
  children,
  className,
  testId,
  anchor,
}: {
  /** Fragment id, so the section can be linked (/verifications/x#processos). */
  anchor?: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  // the anchor first: it is unique on the page, where a testId may repeat (one lawsuits section per
  // partner), and a repeated heading id named every such section after the first (axe landmark-unique)
  const headingId = `${anchor ?? testId ?? title.replace(/\W+/g, "-").toLowerCase()}-title`;
  return (
    <section
      id={anchor}
      aria-labelledby={headingId}
      data-testid={testId}
      className={cn("scroll-mt-20 rounded-lg border border-zinc-200 bg-white shadow-xs", className)}
    >
      <header className="flex items-start justify-between gap-4 border-b border-zinc-100 px-4 py-3">
        <div>
          <h2 id={headingId} className="text-sm font-semibold text-zinc-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-xs text-zinc-500">{description}</p> : null}
        </div>
        {actions}
      </header>
      <div className="p-4">{children}</div>
    </section>
  );
}

/** A label/value grid for registry fields. */
export function FieldList({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn("grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3", className)}>{children}</dl>;
}

export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 text-sm break-words text-zinc-900">
        {children ?? "—"}
      </dd>
    </div>
  );
}
