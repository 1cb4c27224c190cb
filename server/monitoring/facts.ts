// The normalized facts a monitoring run compares (issue 32, item 2; docs/monitoring.md): never the
// raw rows of a release, only what matters, in a form a reformatted record leaves unchanged (trim,
// case and accents folded, codes rather than labels). A run reads them from the live release for a
// batch of watched documents, compares them with the document's snapshot (monitoring_snapshots),
// and keeps the new facts as the next snapshot.
//
// - registry, company (CNPJ): its situação cadastral (the code) and its QSA as a set of partner
//   keys (a company partner by its CNPJ; a person by the masked CPF the Receita publishes plus the
//   folded name);
// - registry, person (CPF): the companies where a partner with its masked CPF and its folded name
//   appears, each with its status and whether a sanction in force names it;
// - sanctions: the sanctions in force naming the document (a full CPF or CNPJ exactly; a CPF the
//   portal publishes masked only with the name as well: "probable").
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { rowsOf } from "../db/rows";
import { ident } from "../registry/release";
import { maskCpf, nameKey } from "../registry/sanctions";
import { maskDocument } from "../../lib/contract/documents";
import type { AlertKind } from "../../lib/contract/monitoring";

/** A watched document of a batch: its most recent watched case, all its watched cases, a name. */
export interface WatchedDoc {
  nationalId: string;
  caseId: string;
  caseIds: string[];
  name: string | null;
}

export interface RegistryCompanyFacts {
  type: "company";
  status: number | null;
  /** partner key → {name, document as published (masked CPF) or CNPJ} */
  partners: Record<string, { name: string; document: string | null }>;
}
export interface RegistryPersonFacts {
  type: "person";
  /** CNPJ base → company */
  companies: Record<string, { cnpj: string | null; name: string | null; status: number | null; sanctioned: boolean }>;
}
export type RegistryFacts = RegistryCompanyFacts | RegistryPersonFacts;

export interface SanctionFact {
  list: string;
  sanction: string;
  agency: string;
  startsOn: string | null;
  endsOn: string | null;
  process: string | null;
  confidence: "exact" | "probable";
}
export interface SanctionsFacts {
  type: "sanctions";
  /** sanction key → sanction */
  sanctions: Record<string, SanctionFact>;
}

/** The situação cadastral's codes (Receita layout). */
export const STATUS_LABELS: Record<number, string> = { 1: "NULA", 2: "ATIVA", 3: "SUSPENSA", 4: "INAPTA", 8: "BAIXADA" };
const ACTIVE = 2;
const statusOf = (code: number | null) => ({ code, label: code === null ? null : (STATUS_LABELS[code] ?? String(code)) });

/** What a run could not compare, and why. */
export type UncheckedReason = "not_in_registry" | "no_name";

export type Compared<F> = { doc: WatchedDoc; facts: F } | { doc: WatchedDoc; reason: UncheckedReason };

/** A change to open as an alert. */
export interface Change {
  doc: WatchedDoc;
  kind: AlertKind;
  before: unknown;
  after: unknown;
  afterKey: string;
  confidence: "exact" | "probable";
}

const isCnpj = (d: string) => d.length === 14;
const partnerKey = (kind: number | null, document: string | null, name: string | null) =>
  kind === 1 && document ? document : `${document ?? ""}|${nameKey(name ?? "")}`;
const publicPartner = (p: { name: string; document: string | null }) => ({
  name: p.name,
  document: p.document && /^\d{14}$/.test(p.document) ? maskDocument(p.document) : p.document,
});

/** The bases (first 8 digits) of companies that a sanction in force names, read once per run. */
export async function sanctionedBases(db: Db | Tx, today = new Date()): Promise<Set<string>> {
  const day = today.toISOString().slice(0, 10);
  const rows = rowsOf(
    await db.execute(sql`select distinct left(document, 8) as base from sanctions where entity = 'company'
      and (ends_on is null or ends_on >= ${day}::date) and (starts_on is null or starts_on <= ${day}::date)`),
  );
  return new Set(rows.map((r) => String(r.base)));
}

/** The registry facts of a batch, from the live release's schema. */
export async function registryFacts(
  db: Db | Tx,
  schema: string,
  docs: WatchedDoc[],
  sanctioned: Set<string>,
): Promise<Compared<RegistryFacts>[]> {
  const s = ident(schema);
  const companies = docs.filter((d) => isCnpj(d.nationalId));
  const persons = docs.filter((d) => !isCnpj(d.nationalId));
  const out: Compared<RegistryFacts>[] = [];

  if (companies.length) {
    const cnpjs = companies.map((d) => d.nationalId);
    const establishments = rowsOf(
      await db.execute(sql`select cnpj, status from ${sql.raw(s)}.establishments where cnpj = any(${sql.param(cnpjs)}::text[])`),
    );
    const statusByCnpj = new Map(establishments.map((r) => [String(r.cnpj), (r.status as number | null) ?? null]));
    const bases = [...new Set(cnpjs.map((c) => c.slice(0, 8)))];
    const partners = rowsOf(
      await db.execute(sql`select base, kind, name, document from ${sql.raw(s)}.partners where base = any(${sql.param(bases)}::text[])`),
    );
    const byBase = new Map<string, RegistryCompanyFacts["partners"]>();
    for (const p of partners) {
      const base = String(p.base);
      const qsa = byBase.get(base) ?? {};
      const name = String(p.name ?? "").trim();
      qsa[partnerKey((p.kind as number | null) ?? null, (p.document as string | null) ?? null, name)] = {
        name,
        document: (p.document as string | null) ?? null,
      };
      byBase.set(base, qsa);
    }
    for (const doc of companies) {
      if (!statusByCnpj.has(doc.nationalId)) out.push({ doc, reason: "not_in_registry" });
      else
        out.push({
          doc,
          facts: { type: "company", status: statusByCnpj.get(doc.nationalId)!, partners: byBase.get(doc.nationalId.slice(0, 8)) ?? {} },
        });
    }
  }

  if (persons.length) {
    const named = persons.filter((d) => d.name && nameKey(d.name));
    for (const doc of persons) if (!named.includes(doc)) out.push({ doc, reason: "no_name" });
    if (named.length) {
      const masked = [...new Set(named.map((d) => maskCpf(d.nationalId)))];
      const rows = rowsOf(
        await db.execute(
          sql`select document, name, base from ${sql.raw(s)}.partners where document = any(${sql.param(masked)}::text[]) and kind = 2`,
        ),
      );
      const byKey = new Map<string, Set<string>>();
      for (const r of rows) {
        const key = `${String(r.document)}|${nameKey(String(r.name ?? ""))}`;
        const set = byKey.get(key) ?? new Set<string>();
        set.add(String(r.base));
        byKey.set(key, set);
      }
      const allBases = [...new Set([...byKey.values()].flatMap((set) => [...set]))];
      const companiesByBase = new Map<string, { cnpj: string | null; name: string | null; status: number | null }>();
      if (allBases.length) {
        const found = rowsOf(
          await db.execute(sql`select b.base, e.cnpj, e.status, (select c.name from ${sql.raw(s)}.companies c where c.base = b.base limit 1) as name
            from unnest(${sql.param(allBases)}::text[]) as b(base)
            left join lateral (select cnpj, status from ${sql.raw(s)}.establishments
              where cnpj >= b.base collate "C" and cnpj < (b.base || '~') collate "C"
              order by head_office desc nulls last, cnpj limit 1) e on true`),
        );
        for (const r of found)
          companiesByBase.set(String(r.base), {
            cnpj: (r.cnpj as string | null) ?? null,
            name: (r.name as string | null) ?? null,
            status: (r.status as number | null) ?? null,
          });
      }
      for (const doc of named) {
        const bases = byKey.get(`${maskCpf(doc.nationalId)}|${nameKey(doc.name!)}`) ?? new Set<string>();
        const companiesOf: RegistryPersonFacts["companies"] = {};
        for (const base of [...bases].sort()) {
          const c = companiesByBase.get(base) ?? { cnpj: null, name: null, status: null };
          companiesOf[base] = { ...c, sanctioned: sanctioned.has(base) };
        }
        out.push({ doc, facts: { type: "person", companies: companiesOf } });
      }
    }
  }
  return out;
}

/** The sanctions in force naming each document of a batch. */
export async function sanctionsFacts(db: Db | Tx, docs: WatchedDoc[], today = new Date()): Promise<Compared<SanctionsFacts>[]> {
  const keys = new Set<string>();
  for (const d of docs) {
    keys.add(d.nationalId);
    if (!isCnpj(d.nationalId)) keys.add(maskCpf(d.nationalId));
  }
  const day = today.toISOString().slice(0, 10);
  const rows = rowsOf(
    await db.execute(sql`select list, document, name_key, sanction, agency, process, starts_on::text as starts_on, ends_on::text as ends_on
      from sanctions where document = any(${sql.param([...keys])}::text[])
        and (ends_on is null or ends_on >= ${day}::date) and (starts_on is null or starts_on <= ${day}::date)`),
  );
  const byDocument = new Map<string, typeof rows>();
  for (const r of rows) byDocument.set(String(r.document), [...(byDocument.get(String(r.document)) ?? []), r]);
  return docs.map((doc) => {
    const sanctions: SanctionsFacts["sanctions"] = {};
    const add = (r: Record<string, unknown>, confidence: "exact" | "probable") => {
      const fact: SanctionFact = {
        list: String(r.list),
        sanction: String(r.sanction).trim(),
        agency: String(r.agency).trim(),
        startsOn: (r.starts_on as string | null) ?? null,
        endsOn: (r.ends_on as string | null) ?? null,
        process: ((r.process as string | null) ?? "").trim() || null,
        confidence,
      };
      const key = [
        fact.list,
        nameKey(fact.sanction),
        nameKey(fact.agency),
        fact.startsOn ?? "",
        (fact.process ?? "").replace(/\D/g, ""),
      ].join("|");
      if (!sanctions[key] || (sanctions[key].confidence === "probable" && confidence === "exact")) sanctions[key] = fact;
    };
    for (const r of byDocument.get(doc.nationalId) ?? []) add(r, "exact");
    if (!isCnpj(doc.nationalId) && doc.name) {
      const name = nameKey(doc.name);
      for (const r of byDocument.get(maskCpf(doc.nationalId)) ?? []) if (name && r.name_key === name) add(r, "probable");
    }
    return { doc, facts: { type: "sanctions", sanctions } };
  });
}

const flagged = (c: { status: number | null; sanctioned: boolean }) => c.sanctioned || (c.status !== null && c.status !== ACTIVE);

/**
 * The changes between a snapshot (null: the first comparison) and the new facts. The registry's
 * first comparison is its baseline (no alert); a sanction in force is new when the snapshot (none:
 * empty) does not hold it.
 */
export function changesOf(doc: WatchedDoc, before: unknown, now: RegistryFacts | SanctionsFacts): Change[] {
  const changes: Change[] = [];
  const push = (kind: AlertKind, b: unknown, a: unknown, afterKey: string, confidence: "exact" | "probable" = "exact") =>
    changes.push({ doc, kind, before: b, after: a, afterKey, confidence });
  if (now.type === "sanctions") {
    const old = (before as SanctionsFacts | null)?.sanctions ?? {};
    for (const [key, s] of Object.entries(now.sanctions)) {
      if (old[key]) continue;
      const { confidence, ...sanction } = s;
      push("sanction_added", null, sanction, key, confidence);
    }
    return changes;
  }
  if (before === null || (before as RegistryFacts).type !== now.type) return changes; // the baseline
  if (now.type === "company") {
    const old = before as RegistryCompanyFacts;
    if (old.status !== null && now.status !== null && old.status !== now.status)
      push("company_status_changed", { status: statusOf(old.status) }, { status: statusOf(now.status) }, String(now.status));
    for (const [key, p] of Object.entries(now.partners))
      if (!old.partners[key]) push("partner_added", null, { partner: publicPartner(p) }, key);
    for (const [key, p] of Object.entries(old.partners))
      if (!now.partners[key]) push("partner_removed", { partner: publicPartner(p) }, null, key);
    return changes;
  }
  const old = before as RegistryPersonFacts;
  for (const [base, c] of Object.entries(now.companies)) {
    if (!flagged(c)) continue;
    const was = old.companies[base];
    if (was && flagged(was) && was.status === c.status && was.sanctioned === c.sanctioned) continue;
    const company = (x: typeof c) => ({
      cnpj: x.cnpj ? maskDocument(x.cnpj) : null,
      name: x.name,
      status: statusOf(x.status),
      sanctioned: x.sanctioned,
    });
    push(
      "related_company_flagged",
      was ? { company: company(was) } : null,
      { company: company(c) },
      `${base}:${c.status ?? ""}:${c.sanctioned ? "S" : ""}`,
    );
  }
  return changes;
}

/** JSON with object keys sorted at every level: what jsonb gives back compares equal to what was written. */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

/** Whether two facts are the same (a snapshot is written only when they differ). */
export const sameFacts = (a: unknown, b: unknown) => canonical(a) === canonical(b);
