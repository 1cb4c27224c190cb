// company-related 1.0 and 2.0 from the registry: the company's partners (QSA) with their
// qualification, entry date, age band and legal representative; the companies its partners are
// also partners of, and those the company itself is a partner of. The open data publishes a
// person partner's CPF masked (***456789**): a person is identified by name plus masked CPF, so a
// company found through a person partner is a likely match, not a certain one, and each node says
// which (`identification`, `match`). Lawsuit counts are not the registry's: `lawsuitsTotal` is null.
import { moduleData, rulesFrom } from "../sandbox/module-data";
import type { DataSource } from "../formats/company-profile";
import type { ModuleData } from "../types";
import type { LinkedCompanyRow, PartnerRow, ProfileRow } from "../../registry/lookup";
import { AGE_BAND, PARTNER_COMPANY, PARTNER_FOREIGN, STATUS, twoDigits } from "./receita-codes";

export interface RegistryNode {
  document: string;
  name: string;
  entity: "person" | "company";
  relation: "partnership" | "representation";
  role: string;
  since: string | null;
  qualification: { code: string; description: string } | null;
  state: string | null;
  registryStatus: string | null;
  lawsuitsTotal: null;
  restrictiveList: boolean;
  identification: "cnpj" | "name_and_masked_cpf" | "foreign";
  /** exact: a CNPJ; likely: found through a partner known by name and masked CPF. */
  match: "exact" | "likely";
  ageBand?: { code: string; description: string } | null;
  /** The party (document as shown) through which the node was found. */
  via?: string;
}

export interface RelatedInput {
  holder: ProfileRow;
  linked: LinkedCompanyRow[];
  facts: Map<string, { status: number | null; uf: string | null }>;
  /** Whether a node (by document and name) is on a sanctions list in force. */
  listed: (document: string, name: string) => boolean;
}

const statusText = (status: number | null | undefined) =>
  status === null || status === undefined ? null : (STATUS[status] ?? String(status));

function identificationOf(p: PartnerRow): RegistryNode["identification"] {
  return p.kind === PARTNER_COMPANY ? "cnpj" : p.kind === PARTNER_FOREIGN ? "foreign" : "name_and_masked_cpf";
}

/** The nodes of the holder's registry network, first level first. */
export function registryNodes({ holder, linked, facts, listed }: RelatedInput): RegistryNode[] {
  const nodes: RegistryNode[] = [];
  const partners = holder.partners.filter((p) => p.document || p.name);
  for (const p of partners) {
    const document = p.document ?? "";
    const name = p.name ?? "";
    const company = p.kind === PARTNER_COMPANY;
    const fact = company ? facts.get(document) : undefined;
    nodes.push({
      document,
      name,
      entity: company ? "company" : "person",
      relation: "partnership",
      role: "partner",
      since: p.since,
      qualification: { code: twoDigits(p.qualification), description: p.qualification_text ?? "" },
      state: fact?.uf ?? null,
      registryStatus: statusText(fact?.status),
      lawsuitsTotal: null,
      restrictiveList: listed(document, name),
      identification: identificationOf(p),
      match: company ? "exact" : "likely",
      ageBand: p.age_band === null ? null : { code: String(p.age_band), description: AGE_BAND[p.age_band] ?? "" },
    });
    if (p.representative_document || p.representative_name) {
      nodes.push({
        document: p.representative_document ?? "",
        name: p.representative_name ?? "",
        entity: "person",
        relation: "representation",
        role: "legal_representative",
        since: p.since,
        qualification: { code: twoDigits(p.representative_qualification), description: p.representative_qualification_text ?? "" },
        state: null,
        registryStatus: null,
        lawsuitsTotal: null,
        restrictiveList: listed(p.representative_document ?? "", p.representative_name ?? ""),
        identification: "name_and_masked_cpf",
        match: "likely",
        via: document,
      });
    }
  }
  for (const l of linked) {
    if (!l.cnpj) continue;
    const fact = facts.get(l.cnpj);
    const viaPartner = l.via_document !== null;
    const viaCompany = viaPartner && partners.some((p) => p.document === l.via_document && p.kind === PARTNER_COMPANY);
    nodes.push({
      document: l.cnpj,
      name: l.name ?? "",
      entity: "company",
      relation: "partnership",
      // through a partner: the partner's company; without: a company the holder is a partner of
      role: viaPartner ? "owned_company" : "subsidiary",
      since: l.since,
      qualification: { code: twoDigits(l.qualification), description: l.qualification_text ?? "" },
      state: fact?.uf ?? null,
      registryStatus: statusText(fact?.status),
      lawsuitsTotal: null,
      restrictiveList: listed(l.cnpj, l.name ?? ""),
      identification: "cnpj",
      match: viaPartner && !viaCompany ? "likely" : "exact",
      ...(viaPartner ? { via: l.via_document! } : {}),
    });
  }
  return nodes;
}

const LARGE_NETWORK = 25;

function indicators(nodes: RegistryNode[]) {
  const listed = nodes.filter((n) => n.restrictiveList).length;
  const inactive = nodes.filter((n) => n.entity === "company" && n.registryStatus !== null && n.registryStatus !== "Ativa").length;
  return {
    // lawsuits and deaths are not in the open data: counted by the lawsuits provider and the person registry
    relatedWithLawsuits: { risky: false, value: 0 },
    deceasedBusinessRelations: { risky: false, value: 0 },
    relatedOnServiceRestrictiveList: { risky: listed > 0, value: listed },
    inactiveCompanies: { risky: inactive > 0, value: inactive },
  };
}

const flat = (n: RegistryNode) => ({
  document: n.document,
  name: n.name,
  entity: n.entity,
  relation: n.relation,
  role: n.role,
  match: n.match,
  ...(n.via !== undefined ? { via: n.via } : {}),
});

/** The registry's company-related module data for a version (1.0 or 2.0). */
export function registryRelated(version: string, input: RelatedInput, source: DataSource): ModuleData {
  const nodes = registryNodes(input);
  const flags = indicators(nodes);
  const of = (test: (n: RegistryNode) => boolean) => nodes.filter(test);
  const ownerships = of((n) => n.relation === "partnership");
  const representations = of((n) => n.relation === "representation");
  const block =
    version === "1.0"
      ? { total: nodes.length, items: nodes.map(flat) }
      : {
          personal: [],
          business: { ownerships, employments: [], representations },
          indicators: flags,
          totals: {
            total: nodes.length,
            persons: nodes.filter((n) => n.entity === "person").length,
            companies: nodes.filter((n) => n.entity === "company").length,
            personal: 0,
            ownerships: ownerships.length,
            employments: 0,
            representations: representations.length,
          },
        };
  const rules = rulesFrom({
    has_related_on_service_restrictive_list: flags.relatedOnServiceRestrictiveList.risky,
    has_inactive_related_company: flags.inactiveCompanies.risky,
    has_deceased_business_relation: false,
    has_many_related_with_lawsuits: false,
    large_related_network: nodes.length >= LARGE_NETWORK,
  });
  return { ...moduleData("company", "related", version, block, rules), source };
}
