// The related dataset versions:
// 1.0: a flat list {document, name, entity, relation, role}.
// 1.1: 1.0 plus when each relation started (`since`) and the QSA qualification of partnerships.
// 2.0: split into `personal` (kinship) and `business` (ownerships, employments,
//      representations), with each node's registry status, state and lawsuit count, plus
//      `indicators` ({risky, value}) and `totals`.

import type { Entity } from "../../types";
import { moduleData, rulesFrom } from "../module-data";
import { relatedNodes, type RelatedNode } from "./nodes";

const LARGE_NETWORK = 25;

// `via` only on the huge_network's links beyond the first level (absent everywhere else)
const viaOf = (node: RelatedNode) => (node.via ? { via: node.via } : {});

const flat = (node: RelatedNode) => ({
  document: node.document,
  name: node.name,
  entity: node.entity,
  relation: node.relation,
  role: node.role,
  ...viaOf(node),
});

const withSince = (node: RelatedNode) => ({ ...flat(node), since: node.since, qualification: node.qualification ?? null });

const detailed = (node: RelatedNode) => ({
  document: node.document,
  name: node.name,
  entity: node.entity,
  role: node.role,
  since: node.since,
  qualification: node.qualification ?? null,
  state: node.state,
  registryStatus: node.registryStatus,
  lawsuitsTotal: node.lawsuits,
  restrictiveList: node.serviceListed,
  ...viaOf(node),
});

function indicators(nodes: readonly RelatedNode[]) {
  const count = (test: (node: RelatedNode) => boolean) => nodes.filter(test).length;
  const withLawsuits = count((n) => n.lawsuits > 0);
  const deceasedPartners = count((n) => n.deceased && n.relation !== "kinship");
  const listed = count((n) => n.serviceListed);
  const inactive = count((n) => n.inactive);
  return {
    relatedWithLawsuits: { risky: withLawsuits >= 3, value: withLawsuits },
    deceasedBusinessRelations: { risky: deceasedPartners > 0, value: deceasedPartners },
    relatedOnServiceRestrictiveList: { risky: listed > 0, value: listed },
    inactiveCompanies: { risky: inactive > 0, value: inactive },
  };
}

function relatedBlock(version: string, nodes: readonly RelatedNode[]) {
  if (version === "1.0") return { total: nodes.length, items: nodes.map(flat) };
  if (version === "1.1") return { total: nodes.length, items: nodes.map(withSince) };
  const of = (relation: RelatedNode["relation"]) => nodes.filter((n) => n.relation === relation).map(detailed);
  const business = { ownerships: of("partnership"), employments: of("employment"), representations: of("representation") };
  const personal = of("kinship");
  return {
    personal,
    business,
    indicators: indicators(nodes),
    totals: {
      total: nodes.length,
      persons: nodes.filter((n) => n.entity === "person").length,
      companies: nodes.filter((n) => n.entity === "company").length,
      personal: personal.length,
      ownerships: business.ownerships.length,
      employments: business.employments.length,
      representations: business.representations.length,
    },
  };
}

export function buildRelated(entity: Entity, version: string, document: string) {
  const nodes = relatedNodes(document, entity);
  const flags = indicators(nodes);
  const rules = rulesFrom({
    has_related_on_service_restrictive_list: flags.relatedOnServiceRestrictiveList.risky,
    has_inactive_related_company: flags.inactiveCompanies.risky,
    has_deceased_business_relation: flags.deceasedBusinessRelations.risky,
    has_many_related_with_lawsuits: flags.relatedWithLawsuits.risky,
    large_related_network: nodes.length >= LARGE_NETWORK,
  });
  return moduleData(entity, "related", version, relatedBlock(version, nodes), rules);
}
