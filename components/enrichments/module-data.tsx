"use client";

import { ModuleSourceLine } from "@/components/ui/module-source";
import { useState, type ReactNode } from "react";
import { fieldLabel, formatScalar } from "@/lib/enrichments/data-labels";
import { datasetLabel, moduleLabel, ruleLabel } from "@/lib/contract/labels";
import { formatInteger } from "@/lib/contract/format/number";

// A module's data as readable pt-BR sections (fields, nested groups, lists as tables), with a
// toggle to the raw JSON the API answered.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const scalar = (v: unknown) => !isObject(v) && !Array.isArray(v);

function ListTable({ rows, label }: { rows: Record<string, unknown>[]; label: string }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) =>
    rows.some((r) => scalar(r[c]) || (isObject(r[c]) && ("name" in (r[c] as object) || "code" in (r[c] as object)))),
  );
  const cell = (v: unknown, key: string) => (isObject(v) ? formatScalar(v.name ?? v.description ?? v.code) : formatScalar(v, key));
  return (
    // scrolls sideways on narrow screens: focusable so a keyboard can scroll it (axe
    // scrollable-region-focusable), named after its module and field path so each region has its
    // own name (two modules may both hold "Sócios": axe landmark-unique)
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={`Tabela: ${label}`}>
      <table className="w-full min-w-[480px] text-left text-xs">
        <thead className="bg-zinc-50 text-zinc-600">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-2 py-1 font-medium">
                {fieldLabel(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {rows.slice(0, 100).map((r, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c} className="px-2 py-1 text-zinc-800">
                  {cell(r[c], c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > 100 ? (
        <p className="mt-1 text-xs text-zinc-500">Mostrando 100 de {formatInteger(rows.length)}; veja todos no JSON.</p>
      ) : null}
    </div>
  );
}

function Value({ value, depth, label, field }: { value: unknown; depth: number; label: string; field?: string }): ReactNode {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-zinc-500">Nenhum</span>;
    if (value.every(isObject)) return <ListTable rows={value as Record<string, unknown>[]} label={label} />;
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
            <h4 className="mb-2 text-sm font-semibold text-zinc-900">{fieldLabel(k)}</h4>
          ) : (
            <p className="mb-1 text-xs font-semibold text-zinc-700">{fieldLabel(k)}</p>
          )}
          <Value value={v} depth={depth} label={`${path} › ${fieldLabel(k)}`} field={k} />
        </div>
      ))}
    </div>
  );
}

export function ModuleData({ name, data }: { name: string; data: Record<string, unknown> }) {
  const [raw, setRaw] = useState(false);
  const block = data[name];
  const rules = Array.isArray(data.rules) ? (data.rules as { rule: string; fired: boolean }[]) : [];
  return (
    <section
      aria-labelledby={`module-${name}`}
      data-testid="module-data"
      data-module={name}
      className="rounded-lg border border-zinc-200 bg-white"
    >
      <header className="flex items-center justify-between gap-2 border-b border-zinc-100 px-4 py-2.5">
        <div className="min-w-0">
          <h3 id={`module-${name}`} className="text-sm font-semibold text-zinc-900">
            {moduleLabel(name)}{" "}
            <span className="text-xs font-normal text-zinc-500" title={String(data.dataset ?? "")}>
              {datasetLabel(typeof data.dataset === "string" ? data.dataset : null)}
            </span>
          </h3>
          <ModuleSourceLine module={name} />
        </div>
        <button
          type="button"
          aria-pressed={raw}
          onClick={() => setRaw(!raw)}
          className="rounded-md px-2 py-1 text-xs font-medium text-zinc-700 ring-1 ring-zinc-300 hover:bg-zinc-50"
          data-testid="raw-toggle"
        >
          {raw ? "Ver seções" : "Ver JSON"}
        </button>
      </header>
      <div className="p-4">
        {raw ? (
          <pre data-testid="raw-json" className="max-h-[480px] overflow-auto rounded bg-zinc-950 p-3 text-xs text-zinc-100">
            {JSON.stringify(data, null, 2)}
          </pre>
        ) : (
          <div className="space-y-4">
            {isObject(block) ? (
              <Fields data={block} depth={0} path={moduleLabel(name)} />
            ) : (
              <Value value={block} depth={0} label={moduleLabel(name)} />
            )}
            {rules.length ? (
              <div>
                <p className="mb-1 text-xs font-semibold text-zinc-700">Regras</p>
                <ul className="flex flex-wrap gap-1.5">
                  {rules.map((r) => (
                    <li
                      key={r.rule}
                      title={r.rule}
                      className={`rounded px-1.5 py-0.5 text-[11px] ${r.fired ? "bg-rose-50 text-rose-800" : "bg-zinc-100 text-zinc-600"}`}
                    >
                      {ruleLabel(r.rule)}: {r.fired ? "acionada" : "não acionada"}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}
