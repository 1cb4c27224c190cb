import { Section } from "@/components/ui/section";
import type { FinanceView } from "@/lib/verifications/to-dossier";
import { cn } from "@/lib/utils/cn";

/** Finance and credit restrictions, as the finance dataset reports them. */
export function FinanceSection({ finance }: { finance: FinanceView }) {
  return (
    <Section
      anchor="financas"
      module="finance"
      title="Finanças e restrições"
      description="Renda, cobranças, restrições de crédito e dados fiscais"
      testId="finance-section"
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
        {finance.facts.map((fact) => (
          <div key={fact.key} className="min-w-0" data-key={fact.key}>
            <dt className="text-xs font-medium text-zinc-600">{fact.label}</dt>
            <dd className={cn("mt-0.5 text-sm break-words text-zinc-900", fact.risky && "font-semibold text-rose-700")}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {finance.tables.map((table) => (
        <div
          key={table.key}
          className="relative mt-5 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={`${table.label} (role para ver todas as colunas)`}
        >
          <table className="w-full text-sm">
            <caption className="mb-1 text-left text-xs font-semibold tracking-wide text-zinc-600 uppercase">{table.label}</caption>
            <thead>
              <tr className="border-b border-zinc-200 text-left text-xs text-zinc-600">
                {table.columns.map((column) => (
                  <th key={column} scope="col" className="py-1.5 pr-4 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, i) => (
                    <td key={i} className="py-1.5 pr-4 text-zinc-800">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </Section>
  );
}
