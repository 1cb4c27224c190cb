// Who is related to a holder, and how. Links are named from the holder's point of view: the
// related person is the holder's "mother", the related company is the holder's "employer".
// Every related document is a valid CPF/CNPJ that resolves in the sandbox to the same person or
// company (same name, same state) the related module shows.

import type { Coded } from "../companies/catalog";
import type { Entity } from "../../types";

export type RelationType = "kinship" | "partnership" | "representation" | "employment";

export type RelatedRole =
  | "mother"
  | "father"
  | "spouse"
  | "sibling"
  | "child"
  | "partner"
  | "co_partner"
  | "former_partner"
  | "owned_company"
  | "subsidiary"
  | "employer"
  | "former_employer"
  | "employee"
  | "legal_representative"
  | "represented_company";

export interface RelatedLink {
  document: string;
  entity: Entity;
  relation: RelationType;
  role: RelatedRole;
  /** When the relation started (YYYY-MM-DD): birth, marriage, entry in the QSA, admission. */
  since: string;
  /** QSA qualification, for partnerships. */
  qualification?: Coded;
  /** huge_network only: the party through which this one was found (relation and role are to it). */
  via?: string;
}

/** Collects links without duplicates or the holder itself. */
export class LinkList {
  readonly links: RelatedLink[] = [];
  private readonly taken: Set<string>;

  constructor(holder: string) {
    this.taken = new Set([holder]);
  }

  has = (document: string): boolean => this.taken.has(document);

  add(link: RelatedLink | null): void {
    if (!link || this.taken.has(link.document)) return;
    this.taken.add(link.document);
    this.links.push(link);
  }
}
