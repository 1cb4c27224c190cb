import { DataTable } from "@/components/ui/data-table";
import { formatDate } from "@/lib/contract/format/date";
import type { ServiceListingView } from "@/lib/verifications/view-models";

// The federal sanctions (CEIS, CNEP) that put the holder on the service's restrictive list: the
// list, the sanction, the agency and the period (docs/sandbox.md, "Sanctions").

function period(listing: ServiceListingView): string {
  const from = listing.startedAt ? formatDate(listing.startedAt) : "data não informada";
  return listing.endsAt ? `${from} a ${formatDate(listing.endsAt)}` : `desde ${from}, sem data final`;
}

export function ServiceSanctions({ listings }: { listings: ServiceListingView[] }) {
  if (listings.length === 0) return null;
  return (
    <div className="mt-5 border-t border-zinc-100 pt-4" data-testid="service-sanctions">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Sanções em vigor (lista restritiva do serviço)</h3>
      <DataTable
        label="Sanções em vigor (role para ver todas as colunas)"
        rows={listings}
        rowKey={(_, index) => String(index)}
        rowTestId="service-sanction"
        columns={[
          { key: "list", label: "Lista", cell: (listing) => <span className="font-medium text-zinc-900">{listing.list}</span> },
          { key: "sanction", label: "Sanção", cell: (listing) => listing.sanction ?? "—" },
          { key: "agency", label: "Órgão sancionador", cell: (listing) => listing.agency ?? "—" },
          { key: "period", label: "Período", cell: (listing) => <span className="tabular">{period(listing)}</span> },
        ]}
      />
    </div>
  );
}
