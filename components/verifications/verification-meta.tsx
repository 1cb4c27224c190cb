import { Section } from "@/components/ui/section";
import { formatDateTime } from "@/lib/contract/format/date";
import { profileLabel } from "@/lib/contract/labels";
import type { VerificationDetail } from "@/lib/verifications/view-models";

export function VerificationMeta({ detail }: { detail: VerificationDetail }) {
  const rows: Array<[string, string]> = [
    ["ID", detail.id],
    ["Perfil de score", profileLabel(detail.profileId)],
    ["Tipo", detail.entity === "company" ? "Pessoa jurídica" : detail.entity === "person" ? "Pessoa física" : "—"],
    ["Criada em", formatDateTime(detail.createdAt)],
    ["Atualizada em", formatDateTime(detail.updatedAt)],
  ];
  return (
    <Section title="Detalhes" testId="verification-meta">
      <dl className="space-y-2.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="shrink-0 text-zinc-500">{label}</dt>
            <dd className="tabular truncate text-right text-zinc-900" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
