import { cn } from "@/lib/utils/cn";

/** The Lupa mark: a magnifying glass over a document line. */
export function LupaMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-7", className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <circle cx="14" cy="14" r="6.5" fill="none" stroke="white" strokeWidth="2.5" />
      <path d="m19 19 5.5 5.5" stroke="white" strokeWidth="2.8" strokeLinecap="round" />
      <path d="M11 14h6" stroke="white" strokeOpacity="0.7" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
