// The registry's reads, one statement each, against the live release's schema (live.ts): the
// profile of one CNPJ (the establishment, its company, Simples, the descriptions of its codes and
// its partners), and the companies related to it through its partners.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { runPrepared } from "../db/rows";
import { ident } from "./release";

/**
 * Runs a statement whose only parameter is `$1` (used once or more) as a named prepared
 * statement: planned once per connection (the profile's has a dozen subqueries). The schema's
 * name is part of the text, so each release gets statements of its own.
 */
function prepared(db: Db, text: string, value: unknown): Promise<Record<string, unknown>[]> {
  const parts = text.split("$1");
  return runPrepared(
    db,
    sql.join(
      parts.map((part) => sql.raw(part)),
      sql`${value}`,
    ),
  );
}

export interface PartnerRow {
  kind: number | null;
  name: string | null;
  document: string | null;
  qualification: number | null;
  qualification_text: string | null;
  since: string | null;
  country: number | null;
  country_name: string | null;
  representative_document: string | null;
  representative_name: string | null;
  representative_qualification: number | null;
  representative_qualification_text: string | null;
  age_band: number | null;
}

export interface ProfileRow {
  cnpj: string;
  head_office: boolean | null;
  trade_name: string | null;
  status: number | null;
  status_date: string | null;
  status_reason: number | null;
  status_reason_text: string | null;
  foreign_city: string | null;
  country: number | null;
  country_name: string | null;
  opened_at: string | null;
  cnae: number | null;
  cnae_text: string | null;
  secondary: { code: string; description: string | null }[];
  street_type: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  cep: string | null;
  uf: string | null;
  municipality: number | null;
  city: string | null;
  ddd1: string | null;
  phone1: string | null;
  ddd2: string | null;
  phone2: string | null;
  fax_ddd: string | null;
  fax: string | null;
  email: string | null;
  special_status: string | null;
  special_status_date: string | null;
  name: string | null;
  legal_nature: number | null;
  legal_nature_text: string | null;
  share_capital: string | null;
  size: number | null;
  simples: boolean | null;
  simples_since: string | null;
  simples_until: string | null;
  mei: boolean | null;
  mei_since: string | null;
  mei_until: string | null;
  partners: PartnerRow[];
}

const describe = (s: string, table: string, code: string) => `(select description from ${s}.${table} where code = ${code} limit 1)`;

function partnersJson(s: string, base: string): string {
  return `(select coalesce(json_agg(json_build_object(
      'kind', pa.kind, 'name', pa.name, 'document', pa.document,
      'qualification', pa.qualification, 'qualification_text', ${describe(s, "qualifications", "pa.qualification")},
      'since', pa.since::text, 'country', pa.country, 'country_name', ${describe(s, "countries", "pa.country")},
      'representative_document', pa.representative_document, 'representative_name', pa.representative_name,
      'representative_qualification', pa.representative_qualification,
      'representative_qualification_text', ${describe(s, "qualifications", "pa.representative_qualification")},
      'age_band', pa.age_band) order by pa.since nulls last, pa.name), '[]'::json)
    from ${s}.partners pa where pa.base = ${base})`;
}

function profileSql(schema: string): string {
  const s = ident(schema);
  return `select e.cnpj, e.head_office, e.trade_name, e.status, e.status_date::text, e.status_reason,
      ${describe(s, "motives", "e.status_reason")} as status_reason_text,
      e.foreign_city, e.country, ${describe(s, "countries", "e.country")} as country_name, e.opened_at::text,
      e.cnae, ${describe(s, "cnaes", "e.cnae")} as cnae_text,
      (select coalesce(json_agg(json_build_object('code', x.code, 'description',
          case when x.code ~ '^[0-9]{1,9}$' then ${describe(s, "cnaes", "x.code::integer")} end) order by x.ord), '[]'::json)
        from unnest(string_to_array(e.cnaes_secondary, ',')) with ordinality as x(code, ord) where x.code <> '') as secondary,
      e.street_type, e.street, e.number, e.complement, e.neighborhood, e.cep, e.uf, e.municipality,
      ${describe(s, "municipalities", "e.municipality")} as city,
      e.ddd1, e.phone1, e.ddd2, e.phone2, e.fax_ddd, e.fax, e.email, e.special_status, e.special_status_date::text,
      c.name, c.legal_nature, ${describe(s, "legal_natures", "c.legal_nature")} as legal_nature_text,
      c.share_capital::text, c.size,
      si.simples, si.simples_since::text, si.simples_until::text, si.mei, si.mei_since::text, si.mei_until::text,
      ${partnersJson(s, "left(e.cnpj, 8)")} as partners
    from ${s}.establishments e
    left join lateral (select * from ${s}.companies where base = left(e.cnpj, 8) limit 1) c on true
    left join lateral (select * from ${s}.simples where base = left(e.cnpj, 8) limit 1) si on true
    where e.cnpj = $1
    limit 1`;
}

/** The profile of one CNPJ in the release, or null when the release does not hold it. */
export async function profileRow(db: Db, schema: string, cnpj: string): Promise<ProfileRow | null> {
  const rows = await prepared(db, profileSql(schema), cnpj);
  return (rows[0] as unknown as ProfileRow | undefined) ?? null;
}

/** A company found through a partner: its first establishment (the head office as a rule). */
export interface LinkedCompanyRow {
  /** The partner (document as published, name) through which it was found; null: the holder itself. */
  via_document: string | null;
  via_name: string | null;
  base: string;
  cnpj: string | null;
  name: string | null;
  status: number | null;
  uf: string | null;
  qualification: number | null;
  qualification_text: string | null;
  since: string | null;
}

/** At most this many companies per partner (a holding may be partner of thousands). */
export const LINKED_PER_PARTNER = 50;

function linkedSql(schema: string): string {
  const s = ident(schema);
  const company = (base: string) => `
      (select e.cnpj from ${s}.establishments e where e.cnpj >= ${base} and e.cnpj < ${base} || '~' order by e.cnpj limit 1) as cnpj,
      (select c.name from ${s}.companies c where c.base = ${base} limit 1) as name`;
  return `with holder as (select $1::text collate "C" as cnpj, left($1::text, 8) collate "C" as base),
    mine as (select distinct pa.document, pa.name from ${s}.partners pa, holder h
              where pa.base = h.base and pa.document is not null and pa.kind in (1, 2, 3))
    select m.document as via_document, m.name as via_name, o.base, ${company("o.base")}, o.qualification,
           ${describe(s, "qualifications", "o.qualification")} as qualification_text, o.since::text
      from mine m, holder h,
      lateral (select * from ${s}.partners o where o.document = m.document and o.name = m.name and o.base <> h.base
               order by o.base limit ${LINKED_PER_PARTNER}) o
    union all
    select null, null, o.base, ${company("o.base")}, o.qualification,
           ${describe(s, "qualifications", "o.qualification")}, o.since::text
      from holder h, lateral (select * from ${s}.partners o where o.document >= h.base and o.document < h.base || '~' and o.base <> h.base
               order by o.base limit ${LINKED_PER_PARTNER}) o`;
}

/** The companies of the holder's partners (by name and document) and those the holder is a partner of. */
export async function linkedCompanies(db: Db, schema: string, cnpj: string): Promise<LinkedCompanyRow[]> {
  return (await prepared(db, linkedSql(schema), cnpj)) as unknown as LinkedCompanyRow[];
}

/** Registry status and state of CNPJs (the holder's company partners and the linked companies). */
export async function companyFacts(
  db: Db,
  schema: string,
  cnpjs: string[],
): Promise<Map<string, { status: number | null; uf: string | null }>> {
  if (cnpjs.length === 0) return new Map();
  // one text parameter (drizzle would spread an array into a row): CNPJs hold no comma
  const rows = await prepared(
    db,
    `select cnpj, status, uf from ${ident(schema)}.establishments where cnpj = any(string_to_array($1::text, ','))`,
    cnpjs.join(","),
  );
  return new Map(rows.map((r) => [String(r.cnpj), { status: (r.status as number | null) ?? null, uf: (r.uf as string | null) ?? null }]));
}
