"use client";

import { useId, useMemo, useRef, useState } from "react";
import type { Fact } from "@/lib/contract/rules";
import { cn } from "@/lib/utils/cn";

// A rule's condition (CEL) with the facts offered as one types (issue 31 item 6): an ARIA 1.2
// combobox over a listbox. The word at the caret ("company.age") filters the catalog; ↑/↓ move,
// Enter or Tab puts the fact in, Esc closes. The service's error on this rule shows under it.

const WORD = /[A-Za-z_][A-Za-z0-9_.]*$/;

export function ConditionInput({
  id,
  value,
  facts,
  readOnly,
  error,
  refused = null,
  onChange,
}: {
  id: string;
  value: string;
  facts: Fact[];
  readOnly: boolean;
  error: string | null;
  /** The condition as it was when the service refused it (the position counts in it). */
  refused?: string | null;
  onChange: (value: string) => void;
}) {
  const listId = useId();
  const errorId = `${id}-error`;
  // the character the service pointed at ("na posição 8"), marked in the condition it refused
  const position = error ? Number(/na posição (\d+)/.exec(error)?.[1] ?? NaN) || null : null;
  const ref = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const word = caret === null ? "" : (WORD.exec(value.slice(0, caret))?.[0] ?? "");
  const options = useMemo(() => {
    if (!word) return [];
    const w = word.toLowerCase();
    const starts = facts.filter((f) => f.name.toLowerCase().startsWith(w));
    const contains = facts.filter((f) => !f.name.toLowerCase().startsWith(w) && f.name.toLowerCase().includes(w));
    return [...starts, ...contains].filter((f) => f.name !== word).slice(0, 8);
  }, [facts, word]);
  const shown = open && !readOnly && options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);

  const accept = (fact: Fact) => {
    const at = caret ?? value.length;
    const start = at - word.length;
    const next = value.slice(0, start) + fact.name + value.slice(at);
    onChange(next);
    setOpen(false);
    const pos = start + fact.name.length;
    setCaret(pos);
    requestAnimationFrame(() => ref.current?.setSelectionRange(pos, pos));
  };

  return (
    <div className="relative">
      <input
        ref={ref}
        id={id}
        data-testid="rule-condition"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? `${listId}-${activeIndex}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        readOnly={readOnly}
        title={readOnly ? value : undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        className={cn(
          "h-9 w-full rounded-md border bg-white px-2.5 font-mono text-xs text-zinc-900 read-only:bg-zinc-50",
          error ? "border-rose-500 ring-1 ring-rose-500" : "border-zinc-300",
        )}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setOpen(true);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (!shown) {
            if (e.key === "ArrowDown" && options.length > 0) {
              setOpen(true);
              e.preventDefault();
            }
            return;
          }
          if (e.key === "ArrowDown") {
            setActive((activeIndex + 1) % options.length);
            e.preventDefault();
          } else if (e.key === "ArrowUp") {
            setActive((activeIndex - 1 + options.length) % options.length);
            e.preventDefault();
          } else if (e.key === "Enter" || e.key === "Tab") {
            accept(options[activeIndex]!);
            e.preventDefault();
          } else if (e.key === "Escape") {
            setOpen(false);
            e.preventDefault();
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Fatos"
        data-testid="fact-options"
        hidden={!shown}
        className="absolute z-20 mt-1 max-h-64 w-96 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-zinc-200"
      >
        {shown
          ? options.map((fact, i) => (
              <li
                key={fact.name}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === activeIndex}
                data-fact={fact.name}
                className={cn("cursor-pointer px-3 py-1.5", i === activeIndex ? "bg-brand-50" : "hover:bg-zinc-50")}
                onMouseDown={(e) => {
                  e.preventDefault();
                  accept(fact);
                }}
              >
                <span className="block font-mono text-xs text-zinc-900">
                  {fact.name} <span className="text-zinc-600">({fact.type})</span>
                </span>
                <span className="block text-xs text-zinc-600">{fact.label}</span>
              </li>
            ))
          : null}
      </ul>
      {error ? (
        <div id={errorId} role="alert" data-testid="rule-error" className="mt-1 text-xs text-rose-700">
          <p>{error}</p>
          {refused !== null && position !== null && position <= refused.length + 1 ? (
            <p className="mt-0.5 font-mono break-all text-zinc-700" data-testid="rule-error-at">
              {refused.slice(0, position - 1)}
              <mark className="rounded-sm bg-rose-200 px-px text-rose-900">{refused.slice(position - 1, position) || " "}</mark>
              {refused.slice(position)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
