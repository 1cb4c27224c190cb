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
        <div
          className="relative mt-4 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Protestos e negativações (role para ver todas as colunas)"
        >
          <table className="w-full text-sm" data-testid="restriction-records">
            <caption className="sr-only">Protestos e negativações</caption>
            <thead>
              <tr className="border-b border-zinc-200 text-left text-xs text-zinc-600">
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Tipo
                </th>
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Credor ou cartório
                </th>
                <th scope="col" className="py-1.5 pr-4 text-right font-medium">
                  Valor
                </th>
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Data
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Local
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {data.records.map((record, index) => (
                <tr key={index}>
                  <td className="py-1.5 pr-4">
                    <span className="text-xs font-medium text-zinc-600">{record.kind === "protest" ? "Protesto" : "Negativação"}</span>
                    <div className="text-zinc-900">{record.type ?? "—"}</div>
                  </td>
                  <td className="py-1.5 pr-4 text-zinc-800">{record.creditor ?? "—"}</td>
                  <td className="tabular py-1.5 pr-4 text-right text-zinc-900">{formatMoney(record.amount)}</td>
                  <td className="tabular py-1.5 pr-4 whitespace-nowrap text-zinc-800">{formatDate(record.occurredAt)}</td>
                  <td className="py-1.5 text-zinc-800">{record.place ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.consultations.length ? (
        <p className="mt-4 text-xs text-zinc-600">
          Consultas ao documento: {data.consultations.map((c) => `${c.label}: ${formatInteger(c.value)}`).join(" · ")}
        </p>
      ) : null}
    </Section>
  );
}
