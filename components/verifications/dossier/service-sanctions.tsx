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
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Sanções em vigor (role para ver todas as colunas)">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-zinc-100 text-left text-xs text-zinc-500">
              <th scope="col" className="py-1.5 pr-4 font-medium">
                Lista
              </th>
              <th scope="col" className="py-1.5 pr-4 font-medium">
                Sanção
              </th>
              <th scope="col" className="py-1.5 pr-4 font-medium">
                Órgão sancionador
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Período
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-50">
            {listings.map((listing, index) => (
              <tr key={index} data-testid="service-sanction">
                <td className="py-1.5 pr-4 font-medium text-zinc-900">{listing.list}</td>
                <td className="py-1.5 pr-4 text-zinc-700">{listing.sanction ?? "—"}</td>
                <td className="py-1.5 pr-4 text-zinc-700">{listing.agency ?? "—"}</td>
                <td className="tabular py-1.5 text-zinc-700">{period(listing)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
