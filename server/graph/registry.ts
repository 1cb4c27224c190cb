// The graph's reads of the registry (a Receita release's schema, server/registry): batched, one
// statement per kind of neighbour for a whole frontier, each backed by an index of the release
// (layout.ts: partners (base) and (document, name), establishments (cnpj) and the contact keys of
// contact-keys.ts). Every statement is bounded by a LIMIT per key.
import type { RawQuery } from "../db/client";
import { ident } from "../registry/release";
import { ADDRESS_KEY, EMAIL_KEY, PHONE1_KEY, PHONE2_KEY } from "../registry/contact-keys";

export interface Live {
  release: string;
  schema: string;
}

/** The live release, or null before the first import. */
export async function liveRelease(query: RawQuery): Promise<Live | null> {
  const { rows } = await query(`select release, schema_name from registry_releases where state = 'live' limit 1`);
  const row = rows[0];
  return row ? { release: String(row.release), schema: String(row.schema_name) } : null;
}

export interface PartnerRow {
  base: string;
  kind: number | null;
  name: string;
  document: string | null;
  qualification: string | null;
  since: string | null;
}

const qual = (s: string, col: string) => `(select description from ${s}.qualifications where code = ${col} limit 1)`;

/** The QSA of each company base (at most `limit` partners each). */
export async function partnersOfBases(query: RawQuery, schema: string, bases: string[], limit: number): Promise<PartnerRow[]> {
  if (bases.length === 0) return [];
  const s = ident(schema);
  const { rows } = await query(
    `select b.base, p.kind, p.name, p.document, ${qual(s, "p.qualification")} as qualification, p.since::text as since
       from unnest($1::text[]) as b(base),
       lateral (select * from ${s}.partners pa where pa.base = b.base collate "C" and pa.name is not null order by pa.since nulls last, pa.name limit ${limit}) p`,
    [bases],
  );
  return rows as unknown as PartnerRow[];
}

export interface HoldingRow {
  document: string;
  name: string;
  base: string;
  qualification: string | null;
  since: string | null;
}

/**
 * The companies where each document (a CNPJ, or a masked CPF) is a partner, at most `limit` rows
 * per document (+1, so the caller knows when there were more).
 */
export async function companiesOfPartners(query: RawQuery, schema: string, documents: string[], limit: number): Promise<HoldingRow[]> {
  if (documents.length === 0) return [];
  const s = ident(schema);
  const { rows } = await query(
    `select d.document, p.name, p.base, ${qual(s, "p.qualification")} as qualification, p.since::text as since
       from unnest($1::text[]) as d(document),
       lateral (select * from ${s}.partners pa where pa.document = d.document collate "C" and pa.name is not null order by pa.base limit ${limit + 1}) p`,
    [documents],
  );
  return rows as unknown as HoldingRow[];
}

/** The first establishment of each base (the head office as a rule: 0001): how a company base becomes a node. */
export async function firstEstablishments(query: RawQuery, schema: string, bases: string[]): Promise<Map<string, string>> {
  if (bases.length === 0) return new Map();
  const s = ident(schema);
  const { rows } = await query(
    `select b.base, (select e.cnpj from ${s}.establishments e where e.cnpj >= b.base collate "C" and e.cnpj < (b.base || '~') collate "C"
                      order by e.cnpj limit 1) as cnpj
       from unnest($1::text[]) as b(base)`,
    [bases],
  );
  const out = new Map<string, string>();
  for (const r of rows) if (r.cnpj) out.set(String(r.base), String(r.cnpj));
  return out;
}

export interface CompanyRow {
  cnpj: string;
  name: string | null;
  trade_name: string | null;
  status: number | null;
  status_date: string | null;
  head_office: boolean | null;
  uf: string | null;
  city: string | null;
  cnae: number | null;
  cnae_text: string | null;
  opened_at: string | null;
  share_capital: string | null;
  address: string | null;
  phone1: string | null;
  phone2: string | null;
  email: string | null;
}

/** The registry data of each CNPJ (the side panel, the inactive flag) and its contact keys. */
export async function companyRows(query: RawQuery, schema: string, cnpjs: string[]): Promise<Map<string, CompanyRow>> {
  if (cnpjs.length === 0) return new Map();
  const s = ident(schema);
  const { rows } = await query(
    `select e.cnpj, c.name, e.trade_name, e.status, e.status_date::text as status_date, e.head_office, e.uf,
            (select description from ${s}.municipalities where code = e.municipality limit 1) as city,
            e.cnae, (select description from ${s}.cnaes where code = e.cnae limit 1) as cnae_text,
            e.opened_at::text as opened_at, c.share_capital::text as share_capital,
            ${ADDRESS_KEY} as address, ${PHONE1_KEY} as phone1, ${PHONE2_KEY} as phone2, ${EMAIL_KEY} as email
       from ${s}.establishments e
       left join lateral (select name, share_capital from ${s}.companies where base = left(e.cnpj, 8) limit 1) c on true
      where e.cnpj = any($1::text[])`,
    [cnpjs],
  );
  return new Map(rows.map((r) => [String(r.cnpj), r as unknown as CompanyRow]));
}

export type ContactKind = "address" | "phone" | "email";

const CONTACT_PREDICATE: Record<ContactKind, string> = {
  address: `street is not null and street <> '' and ${ADDRESS_KEY} = v.value`,
  phone: `((phone1 is not null and phone1 <> '' and ${PHONE1_KEY} = v.value) or (phone2 is not null and phone2 <> '' and ${PHONE2_KEY} = v.value))`,
  email: `email is not null and btrim(email) <> '' and ${EMAIL_KEY} = v.value`,
};

/**
 * The establishments that share each value, at most `cap` + 1 of them (more: a hub, not linked),
 * and for the hubs their count up to `countCap`.
 */
export async function sharing(
  query: RawQuery,
  schema: string,
  kind: ContactKind,
  values: string[],
  cap: number,
  countCap = 10_000,
): Promise<Map<string, { cnpjs: string[]; count: number; hub: boolean }>> {
  const out = new Map<string, { cnpjs: string[]; count: number; hub: boolean }>();
  if (values.length === 0) return out;
  const s = ident(schema);
  const { rows } = await query(
    `select v.value, array(select cnpj from ${s}.establishments where ${CONTACT_PREDICATE[kind]} limit ${cap + 1}) as cnpjs
       from unnest($1::text[]) as v(value)`,
    [values],
  );
  const hubs: string[] = [];
  for (const r of rows) {
    const cnpjs = (r.cnpjs as string[]).map(String).sort();
    const hub = cnpjs.length > cap;
    out.set(String(r.value), { cnpjs: hub ? [] : cnpjs, count: cnpjs.length, hub });
    if (hub) hubs.push(String(r.value));
  }
  if (hubs.length > 0) {
    const { rows: counted } = await query(
      `select v.value, (select count(*) from (select 1 from ${s}.establishments where ${CONTACT_PREDICATE[kind]} limit ${countCap}) x)::int as n
         from unnest($1::text[]) as v(value)`,
      [hubs],
    );
    for (const r of counted) out.get(String(r.value))!.count = Number(r.n);
  }
  return out;
}
