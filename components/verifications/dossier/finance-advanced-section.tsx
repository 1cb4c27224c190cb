import { DataTable } from "@/components/ui/data-table";
import { Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import { formatInteger, formatMoney } from "@/lib/contract/format/number";
import type { FinanceAdvancedView } from "@/lib/verifications/to-dossier";

/** financeAdvanced: protests and negative credit records, one by one, and recent consultations. */
export function FinanceAdvancedSection({ data }: { data: FinanceAdvancedView }) {
  const figures = [
    { label: "Protestos", value: formatInteger(data.protests), risky: (data.protests ?? 0) > 0 },
    { label: "Valor protestado", value: formatMoney(data.protestAmount), risky: (data.protestAmount ?? 0) > 0 },
    { label: "Negativações", value: formatInteger(data.negativeRecords), risky: (data.negativeRecords ?? 0) > 0 },
    { label: "Valor negativado", value: formatMoney(data.negativeAmount), risky: (data.negativeAmount ?? 0) > 0 },
  ];
  return (
    <Section
      anchor="protestos"
      module="financeAdvanced"
      title="Protestos e negativações"
      description="Crédito avançado (financeAdvanced)"
      testId="finance-advanced-section"
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-xs font-medium text-zinc-600">{figure.label}</dt>
            <dd className={figure.risky ? "tabular mt-0.5 text-sm font-semibold text-rose-700" : "tabular mt-0.5 text-sm text-zinc-900"}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {data.records.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-600">Nenhum protesto ou negativação registrado.</p>
      ) : (
        <DataTable
          className="mt-4"
          testId="restriction-records"
          label="Protestos e negativações (role para ver todas as colunas)"
          rows={data.records}
          rowKey={(_, index) => String(index)}
          columns={[
            {
              key: "type",
              label: "Tipo",
              cell: (record) => (
                <>
                  <span className="text-xs font-medium text-zinc-600">{record.kind === "protest" ? "Protesto" : "Negativação"}</span>
                  <div className="text-zinc-900">{record.type ?? "—"}</div>
                </>
              ),
            },
            { key: "creditor", label: "Credor ou cartório", cell: (record) => record.creditor ?? "—" },
            {
              key: "amount",
              label: "Valor",
              align: "right",
              cell: (record) => <span className="tabular">{formatMoney(record.amount)}</span>,
            },
            {
              key: "date",
              label: "Data",
              cell: (record) => <span className="tabular whitespace-nowrap">{formatDate(record.occurredAt)}</span>,
            },
            { key: "place", label: "Local", cell: (record) => record.place ?? "—" },
          ]}
        />
      )}
      {data.consultations.length ? (
        <p className="mt-4 text-xs text-zinc-600">
          Consultas ao documento: {data.consultations.map((c) => `${c.label}: ${formatInteger(c.value)}`).join(" · ")}
        </p>
      ) : null}
    </Section>
  );
}
