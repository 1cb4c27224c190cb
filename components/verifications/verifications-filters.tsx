"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { SearchIcon, XIcon } from "@/components/ui/icons";
import { FEEDBACK_STATUSES, VERIFICATION_STATUSES, type FeedbackStatus, type VerificationStatus } from "@/lib/api/types";
import { CLEARED_FILTERS, hasActiveFilters, type VerificationFilters } from "@/lib/verifications/filters";
import { FEEDBACK_LABELS, statusMeta } from "@/lib/verifications/status";
import { formatInteger } from "@/lib/contract/format/number";

const controlClass =
  "h-8 rounded-md border-0 bg-white px-2.5 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";
const labelClass = "mb-1 block text-xs font-medium text-zinc-600";

type SetFilters = (changes: Partial<VerificationFilters>, options?: { replace?: boolean }) => void;

function SearchField({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });

  // Back/forward (or "clear filters") changed the URL: show what the URL says.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text.trim();
      commitRef.current(text.trim());
    }, 350);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="min-w-56 flex-1">
      <label htmlFor="filter-search" className={labelClass}>
        Buscar
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-zinc-400" />
        <input
          id="filter-search"
          type="search"
          data-testid="filter-search"
          data-shortcut="/"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") event.currentTarget.blur();
          }}
          placeholder="Nome, CPF ou CNPJ"
          aria-keyshortcuts="/"
          className={`${controlClass} w-full pl-8`}
        />
        <kbd className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-zinc-200 px-1 text-[10px] text-zinc-500 sm:block">
          /
        </kbd>
      </div>
    </div>
  );
}

/** The score fields apply what they show after this pause in typing, on blur and on Enter. */
export const SCORE_COMMIT_MS = 600;

function ScoreField({
  id,
  label,
  placeholder,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
}) {
  const shown = value === undefined ? "" : String(value);
  const [text, setText] = useState(shown);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });
  // The URL changed (back/forward, "Limpar filtros", the other field's swap): show what it says.
  useEffect(() => setText(shown), [shown]);

  const parse = (raw: string): number | undefined | null => {
    const trimmed = raw.trim();
    if (trimmed === "") return undefined;
    const number = Number(trimmed);
    return Number.isNaN(number) ? null : Math.min(1000, Math.max(0, Math.round(number)));
  };

  const commit = (raw: string) => {
    const parsed = parse(raw);
    if (parsed === null) return setText(shown);
    if (parsed !== value) commitRef.current(parsed);
    else setText(shown);
  };

  // Fields and URL agree: what is typed applies after a short pause, without Enter or blur.
  useEffect(() => {
    const parsed = parse(text);
    if (parsed === null || parsed === value) return;
    const timer = setTimeout(() => commitRef.current(parsed), SCORE_COMMIT_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <input
      id={id}
      data-testid={id}
      type="number"
      inputMode="numeric"
      min={0}
      max={1000}
      step={50}
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={(event) => commit(event.target.value)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === "Enter") commit(event.currentTarget.value);
      }}
      className={`${controlClass} tabular w-20`}
    />
  );
}

export function VerificationsFilters({ filters, setFilters }: { filters: VerificationFilters; setFilters: SetFilters }) {
  const active = hasActiveFilters(filters);
  return (
    <div role="search" aria-label="Filtrar verificações" data-testid="verifications-filters" className="flex flex-wrap items-end gap-3">
      <SearchField
        value={filters.q ?? ""}
        onCommit={(q) => setFilters({ q: q || undefined }, { replace: Boolean(filters.q) && Boolean(q) })}
      />

      <div>
        <label htmlFor="filter-status" className={labelClass}>
          Status
        </label>
        <select
          id="filter-status"
          data-testid="filter-status"
          value={filters.status ?? ""}
          onChange={(event) => setFilters({ status: (event.target.value || undefined) as VerificationStatus | undefined })}
          className={`${controlClass} pr-8`}
        >
          <option value="">Todos</option>
          {VERIFICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusMeta(status).label}
            </option>
          ))}
        </select>
      </div>

      <div>
        <label htmlFor="filter-feedback" className={labelClass}>
          Decisão
        </label>
        <select
          id="filter-feedback"
          data-testid="filter-feedback"
          value={filters.feedback ?? ""}
          onChange={(event) => setFilters({ feedback: (event.target.value || undefined) as FeedbackStatus | undefined })}
          className={`${controlClass} pr-8`}
        >
          <option value="">Todas</option>
          {FEEDBACK_STATUSES.map((status) => (
            <option key={status} value={status}>
              {FEEDBACK_LABELS[status]}
            </option>
          ))}
        </select>
      </div>

      <fieldset>
        <legend className={labelClass}>Score (0–{formatInteger(1000)})</legend>
        <div className="flex items-center gap-1.5">
          <ScoreField
            id="filter-score-min"
            label="Score mínimo"
            placeholder="0"
            value={filters.scoreMin}
            onCommit={(scoreMin) => setFilters({ scoreMin })}
          />
          <span aria-hidden="true" className="text-zinc-400">
            –
          </span>
          <ScoreField
            id="filter-score-max"
            label="Score máximo"
            placeholder={formatInteger(1000)}
            value={filters.scoreMax}
            onCommit={(scoreMax) => setFilters({ scoreMax })}
          />
        </div>
      </fieldset>

      <label
        className="flex h-8 items-center gap-2 text-sm text-zinc-700"
        title="Criadas ou em processamento há mais de 15 minutos (até 12 horas)"
      >
        <input
          type="checkbox"
          data-testid="filter-incomplete"
          checked={Boolean(filters.incomplete)}
          onChange={(event) => setFilters({ incomplete: event.target.checked || undefined })}
          className="size-4 rounded border-zinc-300 accent-brand-600"
        />
        Incompletas
      </label>

      {active ? (
        <Button size="sm" variant="ghost" data-testid="filters-clear" onClick={() => setFilters(CLEARED_FILTERS)}>
          <XIcon className="size-3.5" />
          Limpar filtros
        </Button>
      ) : null}
    </div>
  );
}
