"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { ChevronDownIcon } from "./icons";
import { useCollapseOnNarrow } from "./collapse-on-narrow";
import { ModuleSourceLine } from "./module-source";
import { cn } from "@/lib/utils/cn";

export function Section({
  title,
  description,
  actions,
  children,
  className,
  testId,
  anchor,
  module,
}: {
  /** The module whose data the section shows: its source is named under the title (ModuleSourcesProvider). */
  module?: string;
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
  const base = anchor ?? testId ?? title.replace(/\W+/g, "-").toLowerCase();
  const headingId = `${base}-title`;
  const collapsible = useCollapseOnNarrow();
  // null: as the width says (collapsed below lg, open from lg up); true/false: the analyst's choice
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const ref = useRef<HTMLElement>(null);

  // a link to something inside (#processos, #processo-<number>) opens the section
  useEffect(() => {
    if (!collapsible) return;
    const openForHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      const target = hash ? document.getElementById(hash) : null;
      if (target && ref.current?.contains(target)) {
        setExpanded(true);
        requestAnimationFrame(() => target.scrollIntoView());
      }
    };
    openForHash();
    window.addEventListener("hashchange", openForHash);
    return () => window.removeEventListener("hashchange", openForHash);
  }, [collapsible]);

  return (
    <section
      ref={ref}
      id={base}
      aria-labelledby={headingId}
      data-testid={testId}
      data-title={title}
      data-collapsed={collapsible ? String(expanded !== true) : undefined}
      className={cn("scroll-mt-[calc(var(--header-h)+1.5rem)] rounded-lg border border-zinc-200 bg-white shadow-xs", className)}
    >
      <header
        className={cn(
          "flex items-start justify-between gap-4 border-b border-zinc-100 px-4 py-3",
          collapsible && expanded !== true && "max-lg:border-b-0",
        )}
      >
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-semibold text-zinc-900">
            {collapsible ? (
              <>
                <button
                  type="button"
                  data-testid="section-toggle"
                  aria-expanded={expanded === true}
                  aria-controls={`${base}-body`}
                  onClick={() => setExpanded(expanded !== true)}
                  className="-m-1 flex items-center gap-1.5 rounded p-1 text-left lg:hidden"
                >
                  <ChevronDownIcon
                    className={cn("size-4 shrink-0 text-zinc-500 transition-transform", expanded !== true && "-rotate-90")}
                  />
                  {title}
                </button>
                <span className="max-lg:hidden">{title}</span>
              </>
            ) : (
              title
            )}
          </h2>
          {description ? <p className="mt-0.5 text-xs text-zinc-500">{description}</p> : null}
          {module ? <ModuleSourceLine module={module} /> : null}
        </div>
        {actions}
      </header>
      <div id={`${base}-body`} className={cn("p-4", collapsible && expanded !== true && "max-lg:hidden")}>
        {children}
      </div>
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
