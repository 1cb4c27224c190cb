"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils/cn";

// "Nesta página": the case page's table of contents, from lg up (a phone has its sections
// collapsed instead). It lists the page's top-level sections inside [data-toc] as they appear
// (sections that load later, the AI summary or the network, join it) and marks the one being read
// (aria-current="location") as the page scrolls.

interface Entry {
  id: string;
  title: string;
}

/** Pixels under the sticky header where a section counts as being read. */
const READING_LINE = 120;

function readEntries(): Entry[] {
  return [...document.querySelectorAll<HTMLElement>("[data-toc] section[id][data-title]")]
    .filter((section) => !section.parentElement?.closest("section"))
    .map((section) => ({ id: section.id, title: section.dataset.title ?? section.id }));
}

function sameEntries(a: Entry[], b: Entry[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry.id === b[i]!.id && entry.title === b[i]!.title);
}

export function CaseToc() {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const known = useRef<Entry[]>([]);

  useEffect(() => {
    const root = document.querySelector("[data-testid=verification-detail]") ?? document.body;
    // setState only on a real change: a render scheduled for every DOM mutation (even one that
    // bails out) kept React re-rendering the page, and a lazy chart's Suspense never resolved
    const refresh = () => {
      const found = readEntries();
      if (sameEntries(known.current, found)) return;
      known.current = found;
      setEntries(found);
    };
    refresh();
    const observer = new MutationObserver(refresh);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      let reading: string | null = entries[0]?.id ?? null;
      for (const entry of entries) {
        const top = document.getElementById(entry.id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= READING_LINE) reading = entry.id;
      }
      // the page's end: the last section is the one being read even when it cannot reach the line
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2 && entries.length)
        reading = entries[entries.length - 1]!.id;
      setCurrent(reading);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [entries]);

  if (entries.length < 2) return null;
  return (
    <nav
      aria-label="Nesta página"
      data-testid="case-toc"
      className="hidden rounded-lg border border-zinc-200 bg-white p-3 shadow-xs lg:block"
    >
      <h2 className="px-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Nesta página</h2>
      <ol className="space-y-0.5">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              data-testid="case-toc-link"
              aria-current={current === entry.id ? "location" : undefined}
              className={cn(
                "block rounded-md border-l-2 px-2 py-1 text-sm",
                current === entry.id
                  ? "border-brand-600 bg-brand-50 font-medium text-brand-700"
                  : "border-transparent text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900",
              )}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
