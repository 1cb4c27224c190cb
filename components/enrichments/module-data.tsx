"use client";

import { ModuleSourceLine } from "@/components/ui/module-source";
import type { ReactNode } from "react";
import { ListFooter, useLongList } from "@/components/ui/long-list";
import { fieldLabel, formatScalar } from "@/lib/enrichments/data-labels";
import { datasetLabel, moduleLabel } from "@/lib/contract/labels";

// A module's data as readable pt-BR fields (nested groups, lists as cards), for the modules the
// enrichment page has no case-page section for.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const scalar = (v: unknown) => !isObject(v) && !Array.isArray(v);

/** A list of records as cards (the first 10, then "Ver todos"): a table of 14 columns fit no screen. */
function RecordList({ rows, label }: { rows: Record<string, unknown>[]; label: string }) {
  const list = useLongList(rows, () => "");
  return (
    <div>
      <ul aria-label={label} className="divide-y divide-zinc-100 rounded-md border border-zinc-100">
        {list.shown.map((row, i) => (
          <li key={i} className="min-w-0 px-3 py-2" data-testid="module-data-record">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4">
              {Object.entries(row)
                .filter(([, v]) => scalar(v) || (isObject(v) && ("name" in v || "code" in v || "description" in v)))
                .map(([k, v]) => (
                  <div key={k} className="min-w-0">
                    <dt className="text-[11px] text-zinc-500">{fieldLabel(k)}</dt>
                    <dd className="text-xs break-words text-zinc-800">
                      {isObject(v) ? formatScalar(v.name ?? v.description ?? v.code) : formatScalar(v, k)}
                    </dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
      <ListFooter list={list} noun="registros" />
    </div>
  );
}

function Value({ value, depth, label, field }: { value: unknown; depth: number; label: string; field?: string }): ReactNode {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-zinc-500">Nenhum</span>;
    if (value.every(isObject)) return <RecordList rows={value as Record<string, unknown>[]} label={label} />;
    return <span>{value.map((v) => formatScalar(v, field)).join(", ")}</span>;
  }
  if (isObject(value)) return <Fields data={value} depth={depth + 1} path={label} />;
  return <span>{formatScalar(value, field)}</span>;
}

/** `path`: where these fields are, for the names of their tables ("Cadastro › Sócios"). */
function Fields({ data, depth, path }: { data: Record<string, unknown>; depth: number; path: string }) {
  const entries = Object.entries(data);
  const simple = entries.filter(([, v]) => scalar(v));
  const nested = entries.filter(([, v]) => !scalar(v));
  return (
    <div className="space-y-3">
      {simple.length ? (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {simple.map(([k, v]) => (
            <div key={k} className="min-w-0">
              <dt className="text-xs text-zinc-500">{fieldLabel(k)}</dt>
              <dd className="text-sm break-words text-zinc-900">{formatScalar(v, k)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {nested.map(([k, v]) => (
        <div
          key={k}
          className={depth > 0 ? "border-l-2 border-zinc-100 pl-3" : "rounded-md border border-zinc-100 p-3"}
          data-testid={depth === 0 ? "module-data-section" : undefined}
        >
          {depth === 0 ? (
            <h3 className="mb-2 text-sm font-semibold text-zinc-900">{fieldLabel(k)}</h3>
          ) : (
            <p className="mb-1 text-xs font-semibold text-zinc-700">{fieldLabel(k)}</p>
          )}
          <Value value={v} depth={depth} label={`${path} › ${fieldLabel(k)}`} field={k} />
        </div>
      ))}
    </div>
  );
}

/**
 * A module the page has no section for (a 1.0 dataset, a module of its own): its fields labelled,
 * its lists as cards. The raw JSON is behind "Ver dados brutos" (raw-data.tsx).
 */
export function ModuleData({ name, data }: { name: string; data: Record<string, unknown> }) {
  const block = data[name];
  return (
    <section aria-labelledby={`module-${name}`} className="rounded-lg border border-zinc-200 bg-white" data-testid="module-generic">
      <header className="border-b border-zinc-100 px-4 py-3">
        <h2 id={`module-${name}`} className="text-sm font-semibold text-zinc-900">
          {moduleLabel(name)}
        </h2>
        {typeof data.dataset === "string" ? (
          <p className="mt-0.5 text-xs text-zinc-500" title={data.dataset}>
            {datasetLabel(data.dataset)}
          </p>
        ) : null}
        <ModuleSourceLine module={name} />
      </header>
      <div className="p-4">
        {isObject(block) ? (
          <Fields data={block} depth={0} path={moduleLabel(name)} />
        ) : (
          <Value value={block} depth={0} label={moduleLabel(name)} />
        )}
      </div>
    </section>
  );
}
