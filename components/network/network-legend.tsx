import { SIZE_STEPS } from "@/lib/network/graph";
import { EDGE_STYLES } from "@/lib/network/edge-style";
import { RELATION_LABELS, RISK_META, RISK_ORDER } from "@/lib/network/labels";
import { CompanyGlyph, PersonGlyph } from "./party-icons";

// Every colour, shape, size and line of the graph, explained.

export function NetworkLegend({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="network-legend-title" data-testid="network-legend" className="space-y-3 text-xs text-zinc-700">
      <Heading id="network-legend-title" className="text-xs font-semibold text-zinc-900">
        Legenda
      </Heading>
      <div>
        <p className="mb-1 font-medium text-zinc-600">Cor: risco</p>
        <ul className="space-y-1">
          {RISK_ORDER.map((risk) => (
            <li key={risk} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block size-3 shrink-0 rounded-full"
                style={{ background: RISK_META[risk].color }}
              />
              <span>
                <strong className="font-medium">{RISK_META[risk].label}</strong>: {RISK_META[risk].description.toLowerCase()}
              </span>
            </li>
          ))}
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-full bg-zinc-900 ring-2 ring-zinc-300" />
            <span>
              <strong className="font-medium">Titular</strong>: documento consultado, no centro
            </span>
          </li>
        </ul>
      </div>
      <div>
        <p className="mb-1 font-medium text-zinc-600">Forma: tipo</p>
        <ul className="flex flex-wrap gap-3">
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-full bg-zinc-600 text-white">
              <PersonGlyph className="size-3" />
            </span>
            Pessoa (círculo)
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-[22%] bg-zinc-600 text-white">
              <CompanyGlyph className="size-3" />
            </span>
            Empresa (quadrado)
          </li>
        </ul>
      </div>
      <div>
        <p className="mb-1 font-medium text-zinc-600">Tamanho: número de processos</p>
        <ul className="flex flex-wrap items-end gap-3">
          {SIZE_STEPS.map((step) => (
            <li key={step.min} className="flex flex-col items-center gap-1">
              <span
                aria-hidden="true"
                className="inline-block rounded-full border border-zinc-400 bg-zinc-100"
                style={{ width: step.radius, height: step.radius }}
              />
              {step.label}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <p className="mb-1 font-medium text-zinc-600">Linha: tipo de vínculo</p>
        <ul className="space-y-1">
          {Object.entries(EDGE_STYLES).map(([relation, style]) => (
            <li key={relation} className="flex items-center gap-2">
              <svg aria-hidden="true" width="28" height="6">
                <line
                  x1="0"
                  y1="3"
                  x2="28"
                  y2="3"
                  stroke={style.color}
                  strokeWidth="2"
                  strokeDasharray={style.dash.join(" ") || undefined}
                />
              </svg>
              {RELATION_LABELS[relation]}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
