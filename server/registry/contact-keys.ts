// The normalized contact values of an establishment that link companies in the investigation graph
// (issue 33; server/graph, docs/graph.md): same_address, same_phone, same_email. One SQL
// expression each, used both by the release's indexes (layout.ts, built by every import) and by
// the graph's queries, so PostgreSQL matches them to the index. Immutable functions only (an
// index expression must be): `||`, coalesce, upper, lower, btrim, regexp_replace.

/** Street type, street, number, complement and CEP, upper case, single spaces; null without a street. */
export const ADDRESS_KEY =
  `(case when street is null or street = '' then null else upper(regexp_replace(btrim(coalesce(street_type, '') || ' ' || street || ' ' || ` +
  `coalesce(number, '') || ' ' || coalesce(complement, '') || ' ' || coalesce(cep, '')), '\\s+', ' ', 'g')) end)`;

/** The first and second phone with their DDD, digits only; null when the phone is empty. */
export const PHONE1_KEY = `(case when phone1 is null or phone1 = '' then null else regexp_replace(coalesce(ddd1, '') || phone1, '[^0-9]', '', 'g') end)`;
export const PHONE2_KEY = `(case when phone2 is null or phone2 = '' then null else regexp_replace(coalesce(ddd2, '') || phone2, '[^0-9]', '', 'g') end)`;

/** The e-mail, lower case, trimmed; null when empty. */
export const EMAIL_KEY = `(case when email is null or btrim(email) = '' then null else lower(btrim(email)) end)`;

/** The same normalizations in TypeScript (tests, and values read back from a row). */
export function addressKey(row: {
  street_type?: string | null;
  street?: string | null;
  number?: string | null;
  complement?: string | null;
  cep?: string | null;
}): string | null {
  if (!row.street) return null;
  const joined = [row.street_type ?? "", row.street, row.number ?? "", row.complement ?? "", row.cep ?? ""].join(" ");
  return joined.trim().replace(/\s+/g, " ").toUpperCase();
}
