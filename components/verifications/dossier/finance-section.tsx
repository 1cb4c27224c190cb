import { DataTable } from "@/components/ui/data-table";
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
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 xl:grid-cols-3">
        {finance.facts.map((fact) => (
          <div key={fact.key} className="min-w-0" data-key={fact.key}>
            <dt className="text-xs font-medium text-zinc-600">{fact.label}</dt>
            <dd className={cn("mt-0.5 text-sm break-words text-zinc-900", fact.risky && "font-semibold text-rose-700")}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {finance.tables.map((table) => (
        <DataTable
          key={table.key}
          className="mt-5"
          label={`${table.label} (role para ver todas as colunas)`}
          caption={table.label}
          rows={table.rows}
          rowKey={(_, index) => String(index)}
          columns={table.columns.map((column, i) => ({ key: `${i}`, label: column, cell: (row: string[]) => row[i] }))}
        />
      ))}
    </Section>
  );
}
