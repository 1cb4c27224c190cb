"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { bffFetch } from "@/lib/query/bff-fetch";
import type { VerificationDetail, VerificationPage } from "@/lib/verifications/view-models";

// The audit's case filter (issue 29, item 5): the analyst types a name or a document and picks the
// case from the workspace's verifications (the list's own search, /bff/verifications?q=), instead
// of pasting a case's UUID. A UUID pasted as it is still works.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function CasePicker({
  inputId,
  className,
  caseId,
  onChange,
}: {
  inputId: string;
  className: string;
  caseId: string;
  /** The chosen case's id ("" for none or not chosen yet); `unchosen`: a text typed and no case picked for it. */
  onChange: (caseId: string, unchosen: boolean) => void;
}) {
  const listId = useId();
  const [text, setText] = useState(caseId);
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");

  // the id this box last chose: any other change of caseId came from outside (filters cleared, a
  // link with caseId), and the box then shows it
  const chosen = useRef(caseId);
  useEffect(() => {
    if (caseId !== chosen.current) {
      chosen.current = caseId;
      setText(caseId);
    }
  }, [caseId]);
  const choose = (id: string, unchosen: boolean) => {
    chosen.current = id;
    onChange(id, unchosen);
  };

  // a short pause before asking, so a search is not sent per keystroke
  useEffect(() => {
    const trimmed = text.trim();
    const timer = setTimeout(() => setTerm(trimmed.length >= 2 && !UUID.test(trimmed) ? trimmed : ""), 250);
    return () => clearTimeout(timer);
  }, [text]);

  const found = useQuery({
    queryKey: ["audit-case-search", term],
    queryFn: ({ signal }) => bffFetch<VerificationPage>(`/bff/verifications?${new URLSearchParams({ q: term, limit: "8" })}`, signal),
    enabled: term !== "",
    staleTime: 30_000,
  });
  const items = found.data?.items ?? [];

  // a case set from outside (a link with caseId, or a pasted UUID) is shown by its name, not its id
  const shown = useQuery({
    queryKey: ["audit-case-name", caseId],
    queryFn: ({ signal }) => bffFetch<VerificationDetail>(`/bff/verifications/${encodeURIComponent(caseId)}`, signal),
    enabled: UUID.test(caseId) && text === caseId,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (shown.data && text === caseId && shown.data.id === caseId) setText(shown.data.name ?? shown.data.document?.masked ?? caseId);
  }, [shown.data, text, caseId]);
  const showList = open && term !== "";

  return (
    <div className="relative">
      <input
        id={inputId}
        data-testid="audit-filter-case"
        className={className}
        value={text}
        placeholder="Nome ou documento"
        aria-controls={listId}
        aria-describedby={`${listId}-help`}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          setOpen(true);
          const uuid = UUID.test(value.trim());
          choose(uuid ? value.trim() : "", !uuid && value.trim() !== "");
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOpen(false);
        }}
      />
      <span id={`${listId}-help`} className="sr-only">
        Digite o nome ou o documento e escolha o caso na lista.
      </span>
      {showList ? (
        <ul
          id={listId}
          aria-label="Casos encontrados"
          data-testid="audit-case-options"
          className="absolute z-20 mt-1 max-h-64 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-zinc-200"
        >
          {found.isPending ? (
            <li className="px-3 py-2 text-zinc-600">Buscando…</li>
          ) : items.length === 0 ? (
            <li className="px-3 py-2 text-zinc-600">Nenhum caso com esse nome ou documento.</li>
          ) : (
            items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  data-testid="audit-case-option"
                  data-case={item.id}
                  className="block w-full px-3 py-1.5 text-left hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none"
                  onClick={() => {
                    setText(item.name ?? item.document);
                    setOpen(false);
                    choose(item.id, false);
                  }}
                >
                  <span className="block truncate text-zinc-900">{item.name ?? "Nome não informado"}</span>
                  <span className="tabular block font-mono text-xs text-zinc-600">{item.document}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
