"use client";

import dynamic from "next/dynamic";
import { Section } from "@/components/ui/section";
import { WhenVisible } from "@/components/ui/when-visible";
import { formatDateTime, formatDuration } from "@/lib/contract/format/date";
import { formatInteger } from "@/lib/contract/format/number";
import { moduleLabel, ruleInfo } from "@/lib/verifications/rule-catalog";
import { scoreBand } from "@/lib/verifications/status";
import type { ResultView } from "@/lib/verifications/view-models";
import { cn } from "@/lib/utils/cn";
import { useFictitiousModules } from "@/components/ui/module-source";

// Recharts (about 100 KiB compressed) loads as the chart comes near the viewport: it is far below
// the case's first view, and the figure's name carries every share.
const ScoreDistributionChart = dynamic(() => import("./score-distribution-chart"), { ssr: false });

/** The chart's height for its rows: the figure keeps it until the chart is there, so nothing moves. */
const chartHeight = (rows: number) => Math.max(64, rows * 34 + 8);

const BANDS = [
  { from: 0, to: 399, label: "Risco alto", className: "bg-rose-500" },
  { from: 400, to: 699, label: "Risco médio", className: "bg-amber-500" },
  { from: 700, to: 1000, label: "Risco baixo", className: "bg-emerald-500" },
];

function ScoreBand({ score }: { score: number | null }) {
  const band = score === null ? null : scoreBand(score);
  return (
    <div data-testid="score-band">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Faixa de score</h3>
      <p className="text-sm text-zinc-800">
        {score === null ? (
          "Sem score ainda."
        ) : (
          <>
            <span className="tabular font-semibold">{formatInteger(score)}</span> de {formatInteger(1000)}: <strong>{band?.label}</strong>
          </>
        )}
      </p>
      <div className="relative mt-2" aria-hidden="true">
        <div className="flex h-2 overflow-hidden rounded-full">
          {BANDS.map((b) => (
            <div key={b.from} className={b.className} style={{ width: `${((b.to - b.from + 1) / 1001) * 100}%` }} />
          ))}
        </div>
        {score !== null ? (
          <div className="absolute -top-1 h-4 w-0.5 rounded bg-zinc-900" style={{ left: `calc(${(score / 1000) * 100}% - 1px)` }} />
        ) : null}
      </div>
      <ul className="mt-1.5 flex justify-between text-[11px] text-zinc-600">
        {BANDS.map((b) => (
          <li key={b.from}>
            {b.label}: {formatInteger(b.from)}–{formatInteger(b.to)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** When invented data sits beside real data, which of the deduction's modules are invented (issue 28). */
function FictitiousShare({ distribution }: { distribution: ResultView["distribution"] }) {
  const invented = useFictitiousModules();
  const scored = distribution.filter((d) => invented.includes(d.module)).map((d) => moduleLabel(d.module).toLowerCase());
  if (scored.length === 0) return null;
  return (
    <p
      data-testid="score-fictitious"
      className="rounded bg-amber-50 px-2 py-1.5 text-xs text-amber-900 ring-1 ring-amber-600/25 ring-inset"
    >
      Este score inclui dados fictícios do sandbox ({scored.join(", ")}); o resumo da IA recomenda só pelos dados reais.
    </p>
  );
}

/** The score panel: the band, each module's share of the deduction (chart) and the rules that fired, explained. */
export function ResultSection({ result }: { result: ResultView }) {
  const distribution = [...result.distribution].sort((a, b) => b.percent - a.percent);
  // Shares come as percentages (66.7); a distribution summing to about 1 is read as fractions.
  const scale = distribution.reduce((sum, item) => sum + item.percent, 0) > 1.5 ? 1 : 100;
  const rows = distribution.map((item) => ({ label: moduleLabel(item.module), share: Math.round(item.percent * scale * 10) / 10 }));
  const chartName = `Distribuição da dedução do score por módulo: ${rows.map((row) => `${row.label} ${row.share.toLocaleString("pt-BR")}%`).join("; ")}.`;
  return (
    <Section title="Score e regras" description="Por que o score ficou assim" testId="result-section">
      <div className="space-y-5">
        <ScoreBand score={result.score} />
        <FictitiousShare distribution={distribution} />

        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Dedução por módulo</h3>
          {rows.length === 0 ? (
            <p className="text-sm text-zinc-600">Nenhuma dedução: nenhuma regra com peso foi acionada.</p>
          ) : (
            <figure data-testid="result-distribution" role="img" aria-label={chartName} style={{ minHeight: chartHeight(rows.length) }}>
              <WhenVisible placeholder={null}>
                <ScoreDistributionChart rows={rows} height={chartHeight(rows.length)} />
              </WhenVisible>
            </figure>
          )}
        </div>

        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Regras acionadas ({result.rules.length})</h3>
          {result.rules.length === 0 ? (
            <p className="text-sm text-zinc-600">Nenhuma regra acionada.</p>
          ) : (
            <ul data-testid="result-rules" className="space-y-2.5">
              {result.rules.map((rule) => {
                const info = ruleInfo(rule);
                return (
                  <li key={rule} data-rule={rule} className="rounded-md border border-amber-200 bg-amber-50/60 px-3 py-2">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="text-sm font-medium text-zinc-900" title={`Código da regra: ${rule}`}>
                        {info.title}
                      </span>
                    </div>
                    <p className="mt-0.5 text-xs text-zinc-700">{info.meaning}</p>
                    <p className="mt-0.5 text-xs text-zinc-600">
                      Fonte: módulo <span className={cn("font-medium text-zinc-800")}>{moduleLabel(info.module)}</span>, {info.source}.
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </div>

        <dl className="grid grid-cols-3 gap-3 border-t border-zinc-100 pt-4 text-xs">
          <div>
            <dt className="text-zinc-600">Dedução total</dt>
            <dd className="tabular mt-0.5 text-sm text-zinc-900">{formatInteger(result.scoreFactor)}</dd>
          </div>
          <div>
            <dt className="text-zinc-600">Relacionados</dt>
            <dd className="tabular mt-0.5 text-sm text-zinc-900">{formatInteger(result.relatedCount)}</dd>
          </div>
          <div>
            <dt className="text-zinc-600">Duração</dt>
            <dd className="tabular mt-0.5 text-sm text-zinc-900">{formatDuration(result.durationMs)}</dd>
          </div>
        </dl>
        {result.cachedModules.length > 0 ? (
          <p data-testid="cached-modules" className="text-xs text-zinc-600">
            Reaproveitado do cache da área de trabalho:{" "}
            {result.cachedModules.map((c) => `${moduleLabel(c.module)} (consulta de ${formatDateTime(c.fetchedAt)})`).join(", ")}.
          </p>
        ) : null}
      </div>
    </Section>
  );
}
