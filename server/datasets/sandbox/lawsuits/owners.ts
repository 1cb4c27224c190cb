// ownersLawsuits 1.0 (companies only): the lawsuits of each QSA member, taken from that
// member's own lawsuits (so they match what the member's own lawsuits module says). When another
// provider named the partners (the registry's QSA: FetchRequest.parties), the fan-out follows
// those partners, never the sandbox's own: their lawsuits are still invented, and said so.

import { companyHolder } from "../companies/holder";
import { moduleData, rulesFrom } from "../module-data";
import { countLawsuits, lawsuitIndicators } from "./counters";
import { lawsuitItemV3 } from "./formats";
import { lawsuitsOf, type Lawsuit } from "./generate";
import type { FanOutParties } from "../../types";

type Party = FanOutParties["list"][number];

/** A named party's invented lawsuits: drawn from its document's digits, the party named as given. */
function lawsuitsOfParty(party: Party): Lawsuit[] {
  const size = party.entity === "company" ? 14 : 11;
  const seed = party.document.replace(/\D/g, "0").padEnd(size, "0").slice(0, size);
  return lawsuitsOf(seed, party.entity).map((l) => ({
    ...l,
    parties: l.parties.map((p) => (p.isHolder ? { ...p, name: party.name, document: party.document || null } : p)),
  }));
}

export function buildOwnersLawsuits(version: string, cnpj: string, named?: FanOutParties) {
  const partners = named
    ? named.list.map((p) => ({ ...p, qualification: { code: "", description: p.qualification ?? "" }, lawsuits: lawsuitsOfParty(p) }))
    : companyHolder(cnpj).partners.map((p) => ({ ...p, lawsuits: lawsuitsOf(p.document, p.entity) }));
  const owners = partners.map(({ lawsuits, ...partner }) => {
    return {
      document: partner.document,
      name: partner.name,
      entity: partner.entity,
      qualification: partner.qualification,
      counters: countLawsuits(lawsuits),
      indicators: lawsuitIndicators(lawsuits),
      items: lawsuits.map(lawsuitItemV3),
    };
  });
  const block = {
    totalOwners: owners.length,
    ownersWithLawsuits: owners.filter((owner) => owner.counters.total > 0).length,
    totalLawsuits: owners.reduce((sum, owner) => sum + owner.counters.total, 0),
    owners,
  };
  const rules = rulesFrom({
    owner_has_lawsuits: block.ownersWithLawsuits > 0,
    owner_has_criminal_lawsuit: owners.some((owner) => owner.indicators.criminal.risky),
    owner_has_active_lawsuits_as_defendant: owners.some((owner) => owner.indicators.activeAsDefendant.risky),
  });
  return moduleData("company", "ownersLawsuits", version, block, rules);
}
