// The graph's lawsuit source: the lawsuits dataset (the sandbox today, any `lawsuits` provider
// later), asked through the dataset provider for a company's CNPJ or a verified person's CPF
// (format 3.0: each lawsuit with its parties). Every lawsuit read is kept in graph_lawsuits with
// the node ids of its parties, so a lawsuit node, or a partner named in one, can be expanded later.
import type { Services } from "../context";
import type { Entity } from "../datasets/types";
import { companyId, maskedOf, partnerId } from "./ids";

export const LAWSUITS_VERSION = "3.0";

export interface LawsuitParty {
  name: string;
  document: string | null;
  entity: string;
  side: string | null;
  role: string | null;
}

export interface LawsuitItem {
  number: string;
  court: string | null;
  subject: string | null;
  className: string | null;
  status: string | null;
  filedAt: string | null;
  claimValue: number | null;
  /** The holder's role in it (when read for a holder). */
  role: string | null;
  parties: LawsuitParty[];
}

export interface LawsuitRecord {
  dataset: string;
  item: LawsuitItem;
}

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
const named = (v: unknown) => (v && typeof v === "object" ? str((v as Record<string, unknown>).name) : null);

function itemOf(raw: Record<string, unknown>): LawsuitItem | null {
  const number = str(raw.number);
  if (!number || !/^[0-9.-]{1,40}$/.test(number)) return null;
  const parties = Array.isArray(raw.parties) ? (raw.parties as Record<string, unknown>[]) : [];
  const holder = parties.find((p) => p.isHolder === true);
  return {
    number,
    court: named(raw.court),
    subject: named(raw.subject),
    className: named(raw.class),
    status: str(raw.status),
    filedAt: str(raw.filedAt),
    claimValue: typeof raw.claimValue === "number" ? raw.claimValue : null,
    role: holder ? str(holder.role) : null,
    parties: parties.map((p) => ({
      name: str(p.name) ?? "",
      document: str(p.document),
      entity: str(p.entity) ?? "",
      side: str(p.side),
      role: str(p.role),
    })),
  };
}

/** The node id of a party, without the workspace (a person's CPF becomes the masked partner id). */
export function partyNodeId(party: LawsuitParty): string | null {
  if (!party.document) return null;
  if (/^\d{14}$/.test(party.document)) return companyId(party.document);
  if (/^\d{11}$/.test(party.document) && party.name) return partnerId(maskedOf(party.document), party.name);
  return null;
}

export type LawsuitsRead = { kind: "ok"; dataset: string; items: LawsuitItem[] } | { kind: "unavailable" };

/** Whether a lawsuits provider is configured for the entity (null providerFor: none). */
export function lawsuitsOffered(s: Services, entity: Entity): boolean {
  return s.provider.providerFor ? s.provider.providerFor(entity, "lawsuits") !== null : true;
}

/** One ask of the provider (no retries: a temporary failure is reported as unavailable). */
export async function readLawsuits(s: Services, entity: Entity, document: string): Promise<LawsuitsRead> {
  if (!lawsuitsOffered(s, entity)) return { kind: "unavailable" };
  let result;
  try {
    result = await s.provider.fetch({ entity, module: "lawsuits", version: LAWSUITS_VERSION, document, attempt: 1, round: 0 });
  } catch {
    return { kind: "unavailable" };
  }
  if (result.kind === "not_found") return { kind: "ok", dataset: `${entity}-lawsuits-${LAWSUITS_VERSION}`, items: [] };
  if (result.kind !== "ok") return { kind: "unavailable" };
  const data = result.data as Record<string, unknown>;
  const block = data.lawsuits as Record<string, unknown> | undefined;
  const raw = block && Array.isArray(block.items) ? (block.items as Record<string, unknown>[]) : [];
  const dataset = String(data.dataset ?? `${entity}-lawsuits-${LAWSUITS_VERSION}`);
  const items = raw.map(itemOf).filter((i): i is LawsuitItem => i !== null);
  const source = result.source?.provider;
  return { kind: "ok", dataset: source ? `${dataset} (${source})` : dataset, items };
}

/** Keeps the lawsuits read (one statement; the newest reading wins). */
export async function keepLawsuits(s: Services, records: LawsuitRecord[]): Promise<void> {
  if (records.length === 0) return;
  const unique = new Map(records.map((r) => [r.item.number, r]));
  const rows = [...unique.values()].map((r) => ({
    number: r.item.number,
    dataset: r.dataset,
    item: { ...r.item, role: null },
    party_ids: [...new Set(r.item.parties.map(partyNodeId).filter((id): id is string => id !== null))],
  }));
  await s.database.query(
    `insert into graph_lawsuits (number, dataset, item, party_ids)
     select r.number, r.dataset, r.item, r.party_ids from jsonb_to_recordset($1::jsonb) as r(number text, dataset text, item jsonb, party_ids text[])
     on conflict (number) do update set dataset = excluded.dataset, item = excluded.item, party_ids = excluded.party_ids, seen_at = now()`,
    [JSON.stringify(rows)],
  );
}

/** Lawsuits kept, by number. */
export async function keptLawsuits(s: Services, numbers: string[]): Promise<Map<string, LawsuitRecord>> {
  if (numbers.length === 0) return new Map();
  const { rows } = await s.database.query(`select number, dataset, item from graph_lawsuits where number = any($1::text[])`, [numbers]);
  return new Map(rows.map((r) => [String(r.number), { dataset: String(r.dataset), item: r.item as LawsuitItem }]));
}

/** Lawsuits kept that name any of these parties (by node id), at most `limit` per call. */
export async function lawsuitsNaming(
  s: Services,
  ids: string[],
  limit: number,
): Promise<{ number: string; dataset: string; item: LawsuitItem }[]> {
  if (ids.length === 0) return [];
  const { rows } = await s.database.query(
    `select number, dataset, item from graph_lawsuits where party_ids && $1::text[] order by number limit ${limit}`,
    [ids],
  );
  return rows.map((r) => ({ number: String(r.number), dataset: String(r.dataset), item: r.item as LawsuitItem }));
}
