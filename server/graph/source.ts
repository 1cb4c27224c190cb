// One graph over three sources (issue 33, item 1; docs/graph.md): the live registry release (the
// QSA and the establishments' contacts), the lawsuits dataset and the workspace's own cases. A
// GraphSource answers, for a whole frontier of node ids at once, the edges that touch each node
// (expand and path walk it level by level), and describes the nodes an answer keeps (labels,
// masked documents, flags, registry data). It lives for one request: what it read is cached in it.
import type { Services } from "../context";
import { formatDocument, maskDocument } from "../../lib/contract/documents";
import type { GraphEdge, GraphEdgeType, GraphFlag, GraphNode, Omitted } from "../../lib/contract/graph";
import { HUB_THRESHOLD } from "../../lib/contract/graph";
import { nameKey, sanctionsInForce, type SanctionQuery } from "../registry/sanctions";
import { companyId, lawsuitId, maskedOf, parseNodeId, partnerId, personId, type NodeRef } from "./ids";
import {
  companiesOfPartners,
  companyRows,
  firstEstablishments,
  partnersOfBases,
  sharing,
  type CompanyRow,
  type ContactKind,
  type HoldingRow,
  type Live,
} from "./registry";
import {
  keepLawsuits,
  keptLawsuits,
  lawsuitsNaming,
  LAWSUITS_VERSION,
  partyNodeId,
  readLawsuits,
  type LawsuitItem,
  type LawsuitRecord,
} from "./lawsuits";

/** Partners read per company, companies read per partner (a holding may hold thousands). */
export const MAX_PARTNERS_PER_COMPANY = 1000;
export const MAX_COMPANIES_PER_PARTNER = 1000;
/** Lawsuits asked of the provider per request (each ask is one dataset call). */
export const MAX_LAWSUIT_READS = 100;
/** Kept lawsuits read per frontier for the partners and companies named in them. */
const MAX_NAMED_LAWSUITS = 2000;

export type RawEdge = GraphEdge;

export interface PersonCase {
  id: string;
  nationalId: string;
  name: string | null;
  riskFlags: string[];
}

const RECEITA = "receita";
const CASES = "cases";
const CONCURRENCY = 8;

/** A masked CPF as Receita publishes it (***123456**), formatted for reading: ***.123.456-**. */
export const formatMasked = (masked: string) => `***.${masked.slice(3, 6)}.${masked.slice(6, 9)}-**`;

function edgeOf(
  type: GraphEdgeType,
  source: string,
  target: string,
  o: {
    role?: string | null;
    since?: string | null;
    dataset: string;
    release: string | null;
    confidence?: "exact" | "probable";
    count?: number | null;
  },
): RawEdge {
  return {
    id: `${type}:${source}|${target}`,
    source,
    target,
    type,
    role: o.role ?? null,
    since: o.since ?? null,
    dataset: o.dataset,
    release: o.release,
    confidence: o.confidence ?? "exact",
    count: o.count ?? null,
  };
}

async function mapBounded<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export class GraphSource {
  /** Edges touching each expanded node. */
  private readonly adjacency = new Map<string, Map<string, RawEdge>>();
  /** Names as the sources wrote them (the id carries the folded one). */
  readonly labels = new Map<string, string>();
  private readonly omittedByKey = new Map<string, Omitted>();
  private readonly persons = new Map<string, PersonCase | null>();
  private readonly lawsuitItems = new Map<string, LawsuitRecord>();
  private lawsuitReads = 0;
  private lawsuitsSkipped = 0;
  private lawsuitsUnavailable = false;

  constructor(
    private readonly s: Services,
    private readonly workspaceId: string,
    readonly live: Live | null,
    private readonly options: { lawsuits: boolean; maxLawsuitReads?: number } = { lawsuits: true },
  ) {}

  get releases(): string[] {
    return this.live ? [this.live.release] : [];
  }

  omitted(): Omitted[] {
    const out = [...this.omittedByKey.values()];
    if (this.lawsuitsSkipped > 0)
      out.push({ reason: "limit", count: this.lawsuitsSkipped, type: "lawsuit", value: "lawsuit reads per request", node: null });
    return out;
  }

  private omit(key: string, o: Omitted): void {
    if (!this.omittedByKey.has(key)) this.omittedByKey.set(key, o);
  }

  private add(edge: RawEdge): void {
    for (const end of [edge.source, edge.target]) {
      const map = this.adjacency.get(end);
      if (map) map.set(edge.id, edge);
    }
  }

  expanded(id: string): boolean {
    return this.adjacency.has(id);
  }

  /** The edges of an expanded node (empty for one not expanded). */
  edgesOf(id: string): RawEdge[] {
    return [...(this.adjacency.get(id)?.values() ?? [])];
  }

  // --- existence -------------------------------------------------------------------------------

  /** Whether the node is known to a source (an unknown node is 404 not_found). */
  async exists(ref: NodeRef): Promise<boolean> {
    const q = this.s.database.query;
    switch (ref.type) {
      case "company": {
        if (this.companyData.has(ref.cnpj)) return true;
        if (this.live) {
          const rows = await companyRows(q, this.live.schema, [ref.cnpj]);
          for (const [cnpj, row] of rows) this.companyData.set(cnpj, row);
          if (rows.size > 0) return true;
        }
        const { rows } = await q(`select 1 from verifications where workspace_id = $1 and national_id = $2 limit 1`, [
          this.workspaceId,
          ref.cnpj,
        ]);
        if (rows.length > 0) return true;
        return (await lawsuitsNaming(this.s, [ref.id], 1)).length > 0;
      }
      case "person":
        return (await this.personCases([ref.verificationId])).has(ref.verificationId);
      case "lawsuit":
        return (await this.lawsuits([ref.number])).has(ref.number);
      case "partner": {
        if (ref.masked && this.live && (await this.holdings([ref], 1)).length > 0) return true;
        if (ref.masked && (await this.casesMatching([ref])).length > 0) return true;
        return (await lawsuitsNaming(this.s, [ref.id], 1)).length > 0;
      }
    }
  }

  // --- expansion -------------------------------------------------------------------------------

  /** Reads the edges of every node of the frontier not expanded yet. */
  async expand(ids: string[]): Promise<void> {
    const refs = ids
      .filter((id) => !this.adjacency.has(id))
      .map(parseNodeId)
      .filter((r): r is NodeRef => r !== null);
    if (refs.length === 0) return;
    for (const ref of refs) this.adjacency.set(ref.id, new Map());
    const of = <T extends NodeRef["type"]>(type: T) => refs.filter((r): r is Extract<NodeRef, { type: T }> => r.type === type);
    const companies = of("company");
    const partners = of("partner");
    const persons = of("person");
    const lawsuits = of("lawsuit");
    if (!this.live && (companies.length > 0 || partners.length > 0 || persons.length > 0))
      this.omit("registry", { reason: "source_unavailable", count: 0, type: null, value: "registry", node: null });
    await Promise.all([
      this.expandCompanies(companies),
      this.expandPartners(partners),
      this.expandPersons(persons),
      this.expandLawsuits(lawsuits),
    ]);
    await this.namedInLawsuits([...companies, ...partners].map((r) => r.id));
  }

  private async expandCompanies(refs: { id: string; cnpj: string }[]): Promise<void> {
    if (refs.length === 0) return;
    const work: Promise<void>[] = [this.companyLawsuits(refs)];
    if (this.live) work.push(this.companyPartners(refs), this.companyHoldings(refs), this.companyContacts(refs));
    await Promise.all(work);
  }

  /** company ↔ its partners (QSA): a person partner, or a company partner (then both ends are companies). */
  private async companyPartners(refs: { id: string; cnpj: string }[]): Promise<void> {
    const live = this.live!;
    const byBase = new Map<string, string[]>();
    for (const r of refs) byBase.set(r.cnpj.slice(0, 8), [...(byBase.get(r.cnpj.slice(0, 8)) ?? []), r.id]);
    const rows = await partnersOfBases(this.s.database.query, live.schema, [...byBase.keys()], MAX_PARTNERS_PER_COMPANY);
    for (const row of rows) {
      const pid =
        row.kind === 1 && row.document && /^\d{14}$/.test(row.document) ? companyId(row.document) : partnerId(row.document, row.name);
      if (!this.labels.has(pid)) this.labels.set(pid, row.name);
      for (const target of byBase.get(row.base) ?? []) {
        if (pid === target) continue;
        this.add(edgeOf("partner", pid, target, { role: row.qualification, since: row.since, dataset: RECEITA, release: live.release }));
      }
    }
  }

  /** company → the companies it is a partner of. */
  private async companyHoldings(refs: { id: string; cnpj: string }[]): Promise<void> {
    const live = this.live!;
    const rows = await companiesOfPartners(
      this.s.database.query,
      live.schema,
      refs.map((r) => r.cnpj),
      MAX_COMPANIES_PER_PARTNER,
    );
    await this.holdingEdges(
      rows.map((row) => ({ ...row, from: companyId(row.document) })),
      (row) => companyId(row.document),
    );
  }

  /** Turns partner rows (a base each) into edges partner → the base's first establishment. */
  private async holdingEdges(rows: (HoldingRow & { from: string })[], key: (row: HoldingRow) => string): Promise<void> {
    const live = this.live!;
    const perFrom = new Map<string, (HoldingRow & { from: string })[]>();
    for (const row of rows) perFrom.set(key(row), [...(perFrom.get(key(row)) ?? []), row]);
    const kept: (HoldingRow & { from: string })[] = [];
    for (const [from, list] of perFrom) {
      if (list.length > MAX_COMPANIES_PER_PARTNER) {
        this.omit(`holdings:${from}`, {
          reason: "limit",
          count: list.length - MAX_COMPANIES_PER_PARTNER,
          type: "partner",
          value: null,
          node: from,
        });
        list.length = MAX_COMPANIES_PER_PARTNER;
      }
      kept.push(...list);
    }
    const heads = await firstEstablishments(this.s.database.query, live.schema, [...new Set(kept.map((r) => r.base))]);
    for (const row of kept) {
      const head = heads.get(row.base);
      if (!head) continue;
      const target = companyId(head);
      if (target === row.from) continue;
      this.add(edgeOf("partner", row.from, target, { role: row.qualification, since: row.since, dataset: RECEITA, release: live.release }));
    }
  }

  /** same_address / same_phone / same_email: establishments sharing a normalized value (hubs of more than 50 left out). */
  private async companyContacts(refs: { id: string; cnpj: string }[]): Promise<void> {
    const live = this.live!;
    const q = this.s.database.query;
    const missing = refs.map((r) => r.cnpj).filter((c) => !this.companyData.has(c));
    for (const [cnpj, row] of await companyRows(q, live.schema, missing)) this.companyData.set(cnpj, row);
    const rows = new Map(refs.flatMap((r) => (this.companyData.has(r.cnpj) ? [[r.cnpj, this.companyData.get(r.cnpj)!] as const] : [])));
    const wanted: Record<ContactKind, Map<string, string[]>> = { address: new Map(), phone: new Map(), email: new Map() };
    const want = (kind: ContactKind, value: string | null, cnpj: string) => {
      if (!value) return;
      const list = wanted[kind].get(value) ?? [];
      if (!list.includes(cnpj)) list.push(cnpj);
      wanted[kind].set(value, list);
    };
    for (const row of rows.values()) {
      want("address", row.address, row.cnpj);
      want("phone", row.phone1, row.cnpj);
      want("phone", row.phone2, row.cnpj);
      want("email", row.email, row.cnpj);
    }
    const TYPE: Record<ContactKind, GraphEdgeType> = { address: "same_address", phone: "same_phone", email: "same_email" };
    await Promise.all(
      (Object.keys(wanted) as ContactKind[]).map(async (kind) => {
        const found = await sharing(q, live.schema, kind, [...wanted[kind].keys()], HUB_THRESHOLD);
        for (const [value, share] of found) {
          const owners = wanted[kind].get(value) ?? [];
          if (share.hub) {
            for (const cnpj of owners)
              this.omit(`hub:${kind}:${value}`, { reason: "hub", count: share.count, type: TYPE[kind], value, node: companyId(cnpj) });
            continue;
          }
          for (const cnpj of owners)
            for (const other of share.cnpjs) {
              if (other === cnpj) continue;
              const [a, b] = [companyId(cnpj), companyId(other)].sort();
              this.add(edgeOf(TYPE[kind], a!, b!, { role: value, dataset: RECEITA, release: live.release, count: share.count }));
            }
        }
      }),
    );
  }

  /** The registry rows read for companies (expanded or described). */
  private readonly companyData = new Map<string, CompanyRow>();

  /** Lawsuits of companies, from the provider (at most MAX_LAWSUIT_READS asks per request). */
  private async companyLawsuits(refs: { id: string; cnpj: string }[]): Promise<void> {
    await this.holderLawsuits(refs.map((r) => ({ id: r.id, entity: "company" as const, document: r.cnpj })));
  }

  private async holderLawsuits(holders: { id: string; entity: "company" | "person"; document: string }[]): Promise<void> {
    if (!this.options.lawsuits || holders.length === 0) return;
    const budget = (this.options.maxLawsuitReads ?? MAX_LAWSUIT_READS) - this.lawsuitReads;
    const asked = holders.slice(0, Math.max(0, budget));
    this.lawsuitsSkipped += holders.length - asked.length;
    this.lawsuitReads += asked.length;
    const keep: LawsuitRecord[] = [];
    await mapBounded(asked, CONCURRENCY, async (h) => {
      if (this.lawsuitsUnavailable) return;
      const read = await readLawsuits(this.s, h.entity, h.document);
      if (read.kind === "unavailable") {
        this.lawsuitsUnavailable = true;
        this.omit("lawsuits", { reason: "source_unavailable", count: 0, type: "lawsuit", value: "lawsuits", node: null });
        return;
      }
      for (const item of read.items) {
        keep.push({ dataset: read.dataset, item });
        this.lawsuitItems.set(item.number, { dataset: read.dataset, item });
        const lid = lawsuitId(item.number);
        this.labels.set(lid, item.number);
        this.add(edgeOf("lawsuit", h.id, lid, { role: item.role, since: item.filedAt, dataset: read.dataset, release: LAWSUITS_VERSION }));
      }
    });
    await keepLawsuits(this.s, keep);
  }

  /** Lawsuits kept that name these companies or partners as a party (read earlier for someone else). */
  private async namedInLawsuits(ids: string[]): Promise<void> {
    if (ids.length === 0 || !this.options.lawsuits) return;
    const wanted = new Set(ids);
    for (const found of await lawsuitsNaming(this.s, ids, MAX_NAMED_LAWSUITS)) {
      this.lawsuitItems.set(found.number, { dataset: found.dataset, item: found.item });
      const lid = lawsuitId(found.number);
      for (const party of found.item.parties) {
        const pid = partyNodeId(party);
        if (!pid || !wanted.has(pid)) continue;
        this.add(
          edgeOf("lawsuit", pid, lid, { role: party.role, since: found.item.filedAt, dataset: found.dataset, release: LAWSUITS_VERSION }),
        );
      }
    }
  }

  /** The registry rows of partners (masked CPF and folded name): the companies they are partners of. */
  private async holdings(
    refs: { id: string; masked: string | null; name: string }[],
    limit = MAX_COMPANIES_PER_PARTNER,
  ): Promise<(HoldingRow & { from: string })[]> {
    const live = this.live;
    const masked = refs.filter((r) => r.masked);
    if (!live || masked.length === 0) return [];
    const rows = await companiesOfPartners(this.s.database.query, live.schema, [...new Set(masked.map((r) => r.masked!))], limit * 20);
    const wanted = new Set(masked.map((r) => r.id));
    const out: (HoldingRow & { from: string })[] = [];
    for (const row of rows) {
      const from = partnerId(row.document, row.name);
      if (wanted.has(from)) out.push({ ...row, from });
    }
    return out;
  }

  private async expandPartners(refs: { id: string; masked: string | null; name: string }[]): Promise<void> {
    if (refs.length === 0) return;
    if (this.live) {
      const rows = await this.holdings(refs);
      for (const row of rows) if (!this.labels.has(row.from)) this.labels.set(row.from, row.name);
      await this.holdingEdges(rows, (row) => (row as HoldingRow & { from: string }).from);
    }
    // the workspace's verified persons whose six visible digits and folded name agree
    for (const match of await this.casesMatching(refs))
      this.add(edgeOf("same_person", personId(match.case.id), match.partner, { dataset: CASES, release: null, confidence: "probable" }));
  }

  /** Cases of persons matching masked partners: the same six visible digits and the same folded name. */
  private async casesMatching(
    refs: { id: string; masked: string | null; name: string }[],
  ): Promise<{ partner: string; case: PersonCase }[]> {
    const masked = refs.filter((r) => r.masked);
    if (masked.length === 0) return [];
    const { rows } = await this.s.database.query(
      `select id, national_id, name, risk_flags from verifications
        where workspace_id = $1 and entity = 'person' and length(national_id) = 11 and substring(national_id from 4 for 6) = any($2::text[])
        order by created_at desc limit 1000`,
      [this.workspaceId, [...new Set(masked.map((r) => r.masked!.slice(3, 9)))]],
    );
    const out: { partner: string; case: PersonCase }[] = [];
    for (const r of rows) {
      const c = personRow(r);
      this.persons.set(c.id, c);
      if (!c.name) continue;
      for (const ref of masked)
        if (ref.masked === maskedOf(c.nationalId) && ref.name === nameKey(c.name)) out.push({ partner: ref.id, case: c });
    }
    return out;
  }

  private async expandPersons(refs: { id: string; verificationId: string }[]): Promise<void> {
    if (refs.length === 0) return;
    const cases = await this.personCases(refs.map((r) => r.verificationId));
    const known = refs.flatMap((r) => {
      const c = cases.get(r.verificationId);
      return c ? [{ ref: r, c }] : [];
    });
    // the registry partner that is probably this person
    if (this.live) {
      const candidates = known.filter(({ c }) => c.name).map(({ ref, c }) => ({ ref, pid: partnerId(maskedOf(c.nationalId), c.name!), c }));
      const rows = await this.holdings(
        candidates.map(({ pid, c }) => ({ id: pid, masked: maskedOf(c.nationalId), name: nameKey(c.name!) })),
        1,
      );
      const found = new Set(rows.map((r) => r.from));
      for (const { ref, pid } of candidates) {
        if (!found.has(pid)) continue;
        const row = rows.find((r) => r.from === pid)!;
        if (!this.labels.has(pid)) this.labels.set(pid, row.name);
        this.add(edgeOf("same_person", ref.id, pid, { dataset: CASES, release: null, confidence: "probable" }));
      }
    }
    await this.holderLawsuits(known.map(({ ref, c }) => ({ id: ref.id, entity: "person" as const, document: c.nationalId })));
  }

  private async expandLawsuits(refs: { id: string; number: string }[]): Promise<void> {
    if (refs.length === 0) return;
    const records = await this.lawsuits(refs.map((r) => r.number));
    const cpfs = [...records.values()].flatMap((r) => r.item.parties.map((p) => p.document ?? "").filter((d) => /^\d{11}$/.test(d)));
    const casesByCpf = await this.personCasesByCpf(cpfs);
    for (const ref of refs) {
      const record = records.get(ref.number);
      if (!record) continue;
      for (const party of record.item.parties) {
        const person = party.document ? casesByCpf.get(party.document) : undefined;
        const pid = person ? personId(person.id) : partyNodeId(party);
        if (!pid) continue;
        if (!this.labels.has(pid)) this.labels.set(pid, party.name);
        this.add(
          edgeOf("lawsuit", pid, ref.id, {
            role: party.role,
            since: record.item.filedAt,
            dataset: record.dataset,
            release: LAWSUITS_VERSION,
          }),
        );
      }
    }
  }

  private async lawsuits(numbers: string[]): Promise<Map<string, LawsuitRecord>> {
    const missing = numbers.filter((n) => !this.lawsuitItems.has(n));
    if (missing.length > 0) for (const [n, r] of await keptLawsuits(this.s, missing)) this.lawsuitItems.set(n, r);
    return new Map(numbers.flatMap((n) => (this.lawsuitItems.has(n) ? [[n, this.lawsuitItems.get(n)!] as const] : [])));
  }

  // --- cases -----------------------------------------------------------------------------------

  async personCases(ids: string[]): Promise<Map<string, PersonCase>> {
    const missing = [...new Set(ids.filter((id) => !this.persons.has(id)))];
    if (missing.length > 0) {
      const { rows } = await this.s.database.query(
        `select id, national_id, name, risk_flags from verifications where workspace_id = $1 and id = any($2::uuid[]) and entity = 'person' and length(national_id) = 11`,
        [this.workspaceId, missing],
      );
      for (const id of missing) this.persons.set(id, null);
      for (const r of rows) {
        const c = personRow(r);
        this.persons.set(c.id, c);
      }
    }
    return new Map(ids.flatMap((id) => (this.persons.get(id) ? [[id, this.persons.get(id)!] as const] : [])));
  }

  private async personCasesByCpf(cpfs: string[]): Promise<Map<string, PersonCase>> {
    if (cpfs.length === 0) return new Map();
    const { rows } = await this.s.database.query(
      `select distinct on (national_id) id, national_id, name, risk_flags from verifications
        where workspace_id = $1 and national_id = any($2::text[]) and entity = 'person' order by national_id, created_at desc`,
      [this.workspaceId, [...new Set(cpfs)]],
    );
    return new Map(
      rows.map((r) => {
        const c = personRow(r);
        this.persons.set(c.id, c);
        return [c.nationalId, c] as const;
      }),
    );
  }

  // --- describing nodes ------------------------------------------------------------------------

  /** The nodes (without degree: the answer counts its own edges), flags and registry data. */
  async describe(ids: string[]): Promise<Map<string, Omit<GraphNode, "degree">>> {
    const refs = ids.map(parseNodeId).filter((r): r is NodeRef => r !== null);
    const of = <T extends NodeRef["type"]>(type: T) => refs.filter((r): r is Extract<NodeRef, { type: T }> => r.type === type);
    const companies = of("company");
    const partners = of("partner");
    const persons = of("person");
    const lawsuits = of("lawsuit");
    const q = this.s.database.query;
    const missingRows = companies.map((c) => c.cnpj).filter((c) => !this.companyData.has(c));
    const [rows, personCases, lawsuitRecords, companyCases] = await Promise.all([
      this.live && missingRows.length > 0 ? companyRows(q, this.live.schema, missingRows) : Promise.resolve(new Map<string, CompanyRow>()),
      this.personCases(persons.map((p) => p.verificationId)),
      this.lawsuits(lawsuits.map((l) => l.number)),
      this.companyCases(companies.map((c) => c.cnpj)),
    ]);
    for (const [cnpj, row] of rows) this.companyData.set(cnpj, row);

    // flags from the sanctions lists and the workspace's restrictive list, in one question each
    const parties: SanctionQuery[] = [];
    const partyOf: string[] = [];
    for (const c of companies) {
      parties.push({ document: c.cnpj, name: this.companyData.get(c.cnpj)?.name ?? null });
      partyOf.push(c.id);
    }
    for (const p of partners)
      if (p.masked) {
        parties.push({ document: p.masked, name: this.labels.get(p.id) ?? p.name });
        partyOf.push(p.id);
      }
    for (const p of persons) {
      const c = personCases.get(p.verificationId);
      if (c) {
        parties.push({ document: c.nationalId, name: c.name });
        partyOf.push(p.id);
      }
    }
    const [sanctions, restrictive] = await Promise.all([
      sanctionsInForce(q, parties),
      this.restrictive(
        [...companies.map((c) => c.cnpj), ...[...personCases.values()].map((c) => c.nationalId)],
        partners.filter((p) => p.masked).map((p) => ({ id: p.id, masked: p.masked!, name: p.name })),
      ),
    ]);
    const sanctioned = new Set([...sanctions.keys()].map((i) => partyOf[i]!));

    const out = new Map<string, Omit<GraphNode, "degree">>();
    const flagsOf = (id: string, extra: GraphFlag[]): GraphFlag[] => {
      const flags = new Set<GraphFlag>(extra);
      if (sanctioned.has(id)) flags.add("sanctioned");
      if (restrictive.has(id)) flags.add("restrictive");
      return (["sanctioned", "restrictive", "inactive", "deceased", "case"] as const).filter((f) => flags.has(f));
    };
    for (const c of companies) {
      const row = this.companyData.get(c.cnpj);
      const cases = companyCases.get(c.cnpj) ?? [];
      const extra: GraphFlag[] = [];
      if (row && row.status !== null && Number(row.status) !== 2) extra.push("inactive");
      if (cases.length > 0) extra.push("case");
      out.set(c.id, {
        id: c.id,
        type: "company",
        label: row?.name ?? row?.trade_name ?? this.labels.get(c.id) ?? formatDocument(c.cnpj),
        document: formatDocument(c.cnpj),
        flags: flagsOf(c.id, extra),
        cases,
        attributes: row
          ? {
              inRegistry: true,
              tradeName: row.trade_name,
              status: STATUS[Number(row.status)] ?? (row.status === null ? null : String(row.status)),
              statusDate: row.status_date,
              headOffice: row.head_office,
              city: row.city,
              uf: row.uf,
              cnae: row.cnae === null ? null : String(row.cnae),
              cnaeDescription: row.cnae_text,
              openedAt: row.opened_at,
              shareCapital: row.share_capital === null ? null : Number(row.share_capital),
            }
          : { inRegistry: false },
      });
    }
    for (const p of partners)
      out.set(p.id, {
        id: p.id,
        type: "partner",
        label: this.labels.get(p.id) ?? p.name,
        document: p.masked ? formatMasked(p.masked) : null,
        flags: flagsOf(p.id, []),
        cases: [],
        attributes: { source: "Receita Federal (QSA)" },
      });
    for (const p of persons) {
      const c = personCases.get(p.verificationId);
      const extra: GraphFlag[] = ["case"];
      if (c?.riskFlags.includes("deceased")) extra.push("deceased");
      if (c?.riskFlags.includes("restrictive_list")) restrictive.add(p.id);
      out.set(p.id, {
        id: p.id,
        type: "person",
        label: c?.name ?? "Pessoa verificada",
        document: c ? maskDocument(c.nationalId) : null,
        flags: flagsOf(p.id, extra),
        cases: c ? [c.id] : [],
        attributes: {},
      });
    }
    for (const l of lawsuits) {
      const item: LawsuitItem | undefined = lawsuitRecords.get(l.number)?.item;
      out.set(l.id, {
        id: l.id,
        type: "lawsuit",
        label: l.number,
        document: null,
        flags: [],
        cases: [],
        attributes: item
          ? {
              court: item.court,
              subject: item.subject,
              class: item.className,
              status: item.status,
              filedAt: item.filedAt,
              claimValue: item.claimValue,
            }
          : {},
      });
    }
    return out;
  }

  private async companyCases(cnpjs: string[]): Promise<Map<string, string[]>> {
    if (cnpjs.length === 0) return new Map();
    const { rows } = await this.s.database.query(
      `select national_id, id from verifications where workspace_id = $1 and national_id = any($2::text[]) order by created_at desc`,
      [this.workspaceId, cnpjs],
    );
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const list = out.get(String(r.national_id)) ?? [];
      if (list.length < 20) list.push(String(r.id));
      out.set(String(r.national_id), list);
    }
    return out;
  }

  /** Node ids on the workspace's restrictive list: by document, or a partner by masked CPF and folded name. */
  private async restrictive(documents: string[], partners: { id: string; masked: string; name: string }[]): Promise<Set<string>> {
    const out = new Set<string>();
    if (documents.length === 0 && partners.length === 0) return out;
    const { rows } = await this.s.database.query(
      `select national_id, name from blacklist_entries
        where workspace_id = $1 and (expires_at is null or expires_at > now())
          and (national_id = any($2::text[]) or (length(national_id) = 11 and substring(national_id from 4 for 6) = any($3::text[])))`,
      [this.workspaceId, documents, partners.map((p) => p.masked.slice(3, 9))],
    );
    for (const r of rows) {
      const doc = String(r.national_id);
      if (doc.length === 14) out.add(companyId(doc));
      for (const [vid, c] of this.persons) if (c && c.nationalId === doc) out.add(personId(vid));
      const name = r.name ? nameKey(String(r.name)) : null;
      if (doc.length === 11 && name) for (const p of partners) if (p.masked === maskedOf(doc) && p.name === name) out.add(p.id);
    }
    return out;
  }
}

const STATUS: Record<number, string> = { 1: "Nula", 2: "Ativa", 3: "Suspensa", 4: "Inapta", 8: "Baixada" };

function personRow(r: Record<string, unknown>): PersonCase {
  return {
    id: String(r.id),
    nationalId: String(r.national_id),
    name: (r.name as string | null) ?? null,
    riskFlags: Array.isArray(r.risk_flags) ? (r.risk_flags as string[]) : [],
  };
}
