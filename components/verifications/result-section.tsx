import { Section } from "@/components/ui/section";
import { formatDuration } from "@/lib/contract/format/date";
import { formatInteger, formatPercent } from "@/lib/contract/format/number";
import type { ResultView } from "@/lib/verifications/view-models";

const MODULE_LABELS: Record<string, string> = {
  profile: "Perfil",
  finance: "Financeiro",
  financeAdvanced: "Crédito",
  lawsuits: "Processos",
  ownersLawsuits: "Processos dos sócios",
  related: "Relacionados",
  faceRecognition: "Biometria",
  cnh: "CNH",
  archetypes: "Arquétipos",
};

/** Rules that fired and how each module weighs in the score deduction. */
export function ResultSection({ result }: { result: ResultView }) {
  const distribution = [...result.distribution].sort((a, b) => b.percent - a.percent);
  // Shares come as percentages (66.7); a distribution summing to about 1 is read as fractions.
  const scale = distribution.reduce((sum, item) => sum + item.percent, 0) > 1.5 ? 100 : 1;
  return (
    <Section title="Resultado" description="Regras acionadas e composição do score" testId="result-section">
      <div>
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Regras acionadas</h3>
        {result.rules.length === 0 ? (
          <p className="text-sm text-zinc-500">Nenhuma regra acionada.</p>
        ) : (
          <ul data-testid="result-rules" className="flex flex-wrap gap-1.5">
            {result.rules.map((rule) => (
              <li key={rule} className="rounded-md bg-amber-50 px-2 py-0.5 font-mono text-xs text-amber-900 ring-1 ring-amber-600/20 ring-inset">
                {rule}
              </li>
            ))}
          </ul>
        )}
      </div>
      {distribution.length > 0 ? (
        <div className="mt-5">
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Dedução por módulo</h3>
          <ul data-testid="result-distribution" className="space-y-2">
            {distribution.map((item) => {
              const share = (item.percent / scale) * 100;
              return (
                <li key={item.module} className="text-sm">
                  <div className="mb-1 flex justify-between text-xs text-zinc-600">
                    <span>{MODULE_LABELS[item.module] ?? item.module}</span>
                    <span className="tabular">{formatPercent(item.percent, scale)}</span>
                  </div>
                  <div className="h-1.5 overflow-hidden rounded-full bg-zinc-100" role="presentation">
                    <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.min(100, Math.max(0, share))}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <dl className="mt-5 grid grid-cols-3 gap-3 border-t border-zinc-100 pt-4 text-xs">
        <div>
          <dt className="text-zinc-500">Fator</dt>
          <dd className="tabular mt-0.5 text-sm text-zinc-900">{formatInteger(result.scoreFactor)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Relacionados</dt>
          <dd className="tabular mt-0.5 text-sm text-zinc-900">{formatInteger(result.relatedCount)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Duração</dt>
          <dd className="tabular mt-0.5 text-sm text-zinc-900">{formatDuration(result.durationMs)}</dd>
        </div>
      </dl>
    </Section>
  );
}
