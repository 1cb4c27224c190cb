// What the related module says about each related document: the name and registry status the
// document's own profile gives, its state and how many lawsuits it has.

import type { Entity } from "../../types";
import { memoize } from "../core/memo";
import { sandboxDocument } from "../behaviours";
import { companyIdentity } from "../companies/company";
import { lawsuitCount } from "../lawsuits/generate";
import { personCore } from "../people/person";
import { personRegistry } from "../people/registry";
import { companyLinks } from "./company-links";
import { personLinks } from "./person-links";
import type { RelatedLink } from "./links";

export interface RelatedNode extends RelatedLink {
  name: string;
  state: string;
  registryStatus: string;
  deceased: boolean;
  inactive: boolean;
  serviceListed: boolean;
  lawsuits: number;
}

// Profile (restrictive-list counts) and related both need the links of the same holder.
const personLinksOnce = memoize(personLinks, 2_000);
const companyLinksOnce = memoize(companyLinks, 2_000);

/** The holder's links (shared, memoised: do not mutate). */
export function relatedLinks(document: string, entity: Entity): readonly RelatedLink[] {
  return entity === "person" ? personLinksOnce(document) : companyLinksOnce(document);
}

export function isServiceListed(document: string): boolean {
  return sandboxDocument(document)?.name === "service_blacklisted";
}

export function describeLink(link: RelatedLink): RelatedNode {
  const common = { ...link, serviceListed: isServiceListed(link.document), lawsuits: lawsuitCount(link.document, link.entity) };
  if (link.entity === "person") {
    const core = personCore(link.document);
    const registry = personRegistry(core);
    return {
      ...common,
      name: core.name,
      state: core.state.uf,
      registryStatus: registry.status,
      deceased: registry.death !== null,
      inactive: false,
    };
  }
  const company = companyIdentity(link.document);
  return {
    ...common,
    name: company.name,
    state: company.state.uf,
    registryStatus: company.status,
    deceased: false,
    inactive: company.status !== "Ativa",
  };
}

export function relatedNodes(document: string, entity: Entity): RelatedNode[] {
  return relatedLinks(document, entity).map(describeLink);
}
