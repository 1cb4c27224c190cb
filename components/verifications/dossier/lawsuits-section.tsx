"use client";

import { useEffect, useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { ListFooter, useLongList } from "@/components/ui/long-list";
import { Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import { formatInteger, formatMoney, pluralize } from "@/lib/contract/format/number";
import { lawsuitAreaLabel, providerValue } from "@/lib/contract/labels";
import type { LawsuitView, LawsuitsView } from "@/lib/verifications/to-dossier";

const SIDES: Record<LawsuitView["side"], string> = { defendant: "Réu", plaintiff: "Autor", other: "Outro" };
const selectClass = "h-8 rounded-md bg-white px-2 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset";

function Counts({ label, values }: { label: string; values: Array<[string, number]> }) {
  return (
    <div>
      <dt className="text-xs font-medium text-zinc-600">{label}</dt>
      <dd className="mt-0.5 text-sm text-zinc-900">
        {values.length ? values.map(([k, n]) => `${k}: ${formatInteger(n)}`).join(" · ") : "—"}
      </dd>
    </div>
  );
}

function countBy(items: LawsuitView[], key: (item: LawsuitView) => string): Array<[string, number]> {
  const map = new Map<string, number>();
  for (const item of items) map.set(key(item), (map.get(key(item)) ?? 0) + 1);
  return [...map.entries()].sort((a, b) => b[1] - a[1]);
}

/** Lawsuits by role, court and status, each with its CNJ number (linkable: #processo-<number>). */
export function LawsuitsSection({
  lawsuits,
  title = "Processos",
  anchor = "processos",
  testId = "lawsuits-section",
  module = "lawsuits",
}: {
  /** The module the lawsuits come from (the partners': ownersLawsuits), whose source is named. */
  module?: string;
  lawsuits: LawsuitsView;
  title?: string;
  anchor?: string;
  testId?: string;
}) {
  const [side, setSide] = useState("");
  const [court, setCourt] = useState("");
  const [status, setStatus] = useState("");
  const courts = useMemo(() => [...new Set(lawsuits.items.map((i) => i.court ?? "—"))].sort(), [lawsuits.items]);
  const statuses = useMemo(() => [...new Set(lawsuits.items.map((i) => i.status ?? "—"))].sort(), [lawsuits.items]);
  const filtered = lawsuits.items.filter(
    (i) => (!side || i.side === side) && (!court || (i.court ?? "—") === court) && (!status || (i.status ?? "—") === status),
  );
  // the first 10 with "Ver todos"; a link to a lawsuit further down (#processo-<number>) shows them all
  const list = useLongList(filtered, () => "");
  const { setAll } = list;
  useEffect(() => {
    const showLinked = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (!hash.startsWith("processo-")) return;
      const index = lawsuits.items.findIndex((item) => `processo-${item.number}` === hash);
      if (index < 0) return;
      setAll(true);
      requestAnimationFrame(() => document.getElementById(hash)?.scrollIntoView());
    };
    showLinked();
    window.addEventListener("hashchange", showLinked);
    return () => window.removeEventListener("hashchange", showLinked);
  }, [lawsuits.items, setAll]);
  const shown = list.shown;

  return (
    <Section
      module={module}
      anchor={anchor}
      title={title}
      description={`${formatInteger(lawsuits.total)} no total, ${formatInteger(lawsuits.active)} em andamento`}
      testId={testId}
    >
      {lawsuits.items.length === 0 ? (
        <p className="text-sm text-zinc-600">Nenhum processo encontrado.</p>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Counts label="Por papel" values={countBy(lawsuits.items, (i) => SIDES[i.side])} />
            <Counts label="Por tribunal" values={countBy(lawsuits.items, (i) => i.court ?? "—")} />
            <Counts label="Por situação" values={countBy(lawsuits.items, (i) => providerValue(i.status) ?? "—")} />
          </dl>
          <div className="mt-4 flex flex-wrap items-end gap-3" role="group" aria-label="Filtrar processos">
            <label className="text-xs font-medium text-zinc-600">
              Papel
              <select
                className={`${selectClass} mt-1 block`}
                value={side}
                onChange={(e) => setSide(e.target.value)}
                data-testid="lawsuits-filter-side"
              >
                <option value="">Todos</option>
                <option value="defendant">Réu</option>
                <option value="plaintiff">Autor</option>
                <option value="other">Outro</option>
              </select>
            </label>
            <label className="text-xs font-medium text-zinc-600">
              Tribunal
              <select
                className={`${selectClass} mt-1 block`}
                value={court}
                onChange={(e) => setCourt(e.target.value)}
                data-testid="lawsuits-filter-court"
              >
                <option value="">Todos</option>
                {courts.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <label className="text-xs font-medium text-zinc-600">
              Situação
              <select
                className={`${selectClass} mt-1 block`}
                value={status}
                onChange={(e) => setStatus(e.target.value)}
                data-testid="lawsuits-filter-status"
              >
                <option value="">Todas</option>
                {statuses.map((s) => (
                  <option key={s} value={s}>
                    {providerValue(s)}
                  </option>
                ))}
              </select>
            </label>
            <p className="text-xs text-zinc-600" aria-live="polite">
              {filtered.length === lawsuits.items.length
                ? pluralize(filtered.length, "processo", "processos")
                : `${formatInteger(filtered.length)} de ${pluralize(lawsuits.items.length, "processo", "processos")}`}
            </p>
          </div>
          <ul className="mt-3 divide-y divide-zinc-100" data-testid="lawsuits-list">
            {shown.map((item) => (
              <li
                key={item.number}
                id={`processo-${item.number}`}
                className="scroll-mt-[calc(var(--header-h)+1.5rem)] py-2.5"
                data-testid="lawsuit"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <a
                    href={`#processo-${item.number}`}
                    className="font-mono text-[13px] font-medium text-brand-700 hover:underline"
                    data-testid="lawsuit-number"
                  >
                    {item.number}
                  </a>
                  <Badge tone={item.side === "defendant" ? "danger" : "neutral"}>{SIDES[item.side]}</Badge>
                  {item.area ? <Badge tone={item.area === "criminal" ? "danger" : "neutral"}>{lawsuitAreaLabel(item.area)}</Badge> : null}
                  <Badge tone={item.active ? "warning" : "neutral"}>{providerValue(item.status) ?? "Situação não informada"}</Badge>
                </div>
                <p className="mt-1 text-sm text-zinc-900">
                  {item.className ?? "Classe não informada"}
                  {item.subject ? <span className="text-zinc-600"> · {item.subject}</span> : null}
                </p>
                <p className="mt-0.5 text-xs text-zinc-600">
                  {[
                    item.court && item.courtName ? `${item.court} (${item.courtName})` : item.court,
                    item.unit,
                    item.filedAt ? `distribuído em ${formatDate(item.filedAt)}` : null,
                    item.claimValue ? `valor da causa ${formatMoney(item.claimValue)}` : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </li>
            ))}
          </ul>
          <ListFooter list={list} noun="processos" testId="lawsuits-more" />
        </>
      )}
    </Section>
  );
}
