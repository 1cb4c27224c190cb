// ownersLawsuits 1.0 (companies only): the lawsuits of each QSA member, taken from that
// member's own lawsuits (so they match what the member's own lawsuits module says).

import { companyHolder } from "../companies/holder";
import { moduleData, rulesFrom } from "../module-data";
import { countLawsuits, lawsuitIndicators } from "./counters";
import { lawsuitItemV3 } from "./formats";
import { lawsuitsOf } from "./generate";

export function buildOwnersLawsuits(version: string, cnpj: string) {
  const { partners } = companyHolder(cnpj);
  const owners = partners.map((partner) => {
    const lawsuits = lawsuitsOf(partner.document, partner.entity);
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
