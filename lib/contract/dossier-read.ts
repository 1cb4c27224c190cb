// One typed reading of the dossier's blocks that the datasets shape differently by version
// (issue 20): the defensive readers, and the lawsuits and the related parties as typed records.
// The console (lib/verifications/to-dossier.ts), the AI summary's facts (server/ai/facts.ts) and
// through them the PDF report read these blocks here, so a lawsuit's side, area, court, activity or
// a party's role means the same everywhere. The blocks declared exactly are in ./dossier.ts; these
// pass through the dossier as their dataset version wrote them (docs/sandbox.md). Plain functions,
// no zod: the console's browser code imports this file.

export type Bag = Record<string, unknown>;

export const isBag = (value: unknown): value is Bag => typeof value === "object" && value !== null && !Array.isArray(value);
/** The object, or null. */
export const bagOf = (value: unknown): Bag | null => (isBag(value) ? value : null);
/** The array, or []. */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A trimmed non-empty string (a finite number as its text), or null. */
export function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** A finite number (or a numeric string), or null. */
export function numberOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return null;
}

export function booleanOf(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === 1) return true;
  if (value === "false" || value === 0) return false;
  return null;
}

export type LawsuitSide = "defendant" | "plaintiff" | "other";

/** A lawsuit of the holder, from any version of the lawsuits dataset. */
export interface DossierLawsuit {
  number: string | null;
  side: LawsuitSide;
  /** Code (lib/contract/labels.ts LAWSUIT_AREA_LABELS); null in version 1.0. */
  area: string | null;
  status: string | null;
  active: boolean;
  /** The court's code (TJSP, TRT2). */
  court: string | null;
  courtName: string | null;
  unit: string | null;
  className: string | null;
  subject: string | null;
  /** YYYY-MM-DD */
  filedAt: string | null;
  claimValue: number | null;
}

const CLOSED = /arquivad|encerrad|baixad|extint|julgad/i;

/** A `YYYY-MM-DD` day from `DD/MM/YYYY` (version 1.0) or as it is. */
function isoDay(text: string | null): string | null {
  const br = text ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) : null;
  return br ? `${br[3]}-${br[2]}-${br[1]}` : text;
}

/**
 * The lawsuits of a lawsuits (or owner's lawsuits) block: `items` (versions 2.0 and 3.0) or
 * `processos` (1.0: polo ATIVO/PASSIVO, DD/MM/YYYY dates, situacao in capitals).
 */
export function readLawsuits(block: unknown): DossierLawsuit[] {
  const bag = bagOf(block);
  if (!bag) return [];
  const items = listOf(bag.items);
  if (items.length > 0)
    return items.map(bagOf).flatMap((it) => {
      if (!it) return [];
      const court = bagOf(it.court);
      const status = textOf(it.status);
      const side = textOf(it.side);
      return [
        {
          number: textOf(it.number),
          side: side === "defendant" ? "defendant" : side === "plaintiff" ? "plaintiff" : "other",
          area: textOf(it.area),
          status,
          active: booleanOf(it.active) ?? (status ? !CLOSED.test(status) : false),
          court: textOf(court?.code) ?? textOf(it.court),
          courtName: textOf(court?.name),
          unit: textOf(it.unit),
          className: textOf(bagOf(it.class)?.name) ?? textOf(it.class),
          subject: textOf(bagOf(it.subject)?.name) ?? textOf(it.subject),
          filedAt: textOf(it.filedAt),
          claimValue: numberOf(it.claimValue),
        } satisfies DossierLawsuit,
      ];
    });
  return listOf(bag.processos).flatMap((item) => {
    const p = bagOf(item);
    if (!p) return [];
    const status = textOf(p.situacao);
    return [
      {
        number: textOf(p.numero),
        side: p.polo === "ATIVO" ? "plaintiff" : p.polo === "PASSIVO" ? "defendant" : "other",
        area: null,
        status,
        active: status ? !CLOSED.test(status) : false,
        court: textOf(p.tribunal),
        courtName: null,
        unit: textOf(p.vara),
        className: textOf(p.classe),
        subject: textOf(p.assunto),
        filedAt: isoDay(textOf(p.dataDistribuicao)),
        claimValue: numberOf(p.valorCausa),
      } satisfies DossierLawsuit,
    ];
  });
}

/** A related person or company, from any version of the related dataset. */
export interface DossierParty {
  /** The group it was listed under: personal, ownerships, employments, representations (or items, 1.0). */
  group: string;
  name: string | null;
  /** As the dataset wrote it: the full document, or the registry's masked CPF (***456789**). */
  document: string | null;
  entity: "person" | "company";
  /** Code (lib/contract/labels.ts RELATION_LABELS) or the dataset's own word (1.0). */
  role: string | null;
  /** The partnership's qualification (QSA), when there is one. */
  qualification: string | null;
  since: string | null;
  lawsuitsTotal: number | null;
  registryStatus: string | null;
}

/**
 * The parties of a related block, in the order the dataset lists them: `personal` and
 * `business.ownerships|employments|representations` (2.0), and any other list of parties the
 * block nests (1.x: `items`, Portuguese keys), skipping `indicators` and `totals`.
 */
export function readRelatedParties(block: unknown): DossierParty[] {
  const out: DossierParty[] = [];
  const visit = (value: unknown, group: string, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(value)) {
      for (const entry of value) {
        const e = bagOf(entry);
        if (!e) continue;
        const document = textOf(e.document) ?? textOf(e.cpf) ?? textOf(e.cnpj) ?? textOf(e.nationalId);
        const digits = document?.replace(/[^0-9A-Za-z*]/g, "") ?? "";
        const qualification = bagOf(e.qualification);
        out.push({
          group,
          name: textOf(e.name) ?? textOf(e.nome) ?? textOf(e.razaoSocial),
          document,
          entity: textOf(e.entity) === "company" || digits.length === 14 ? "company" : "person",
          role: textOf(e.role) ?? textOf(e.relation) ?? textOf(e.tipo),
          qualification: textOf(qualification?.description) ?? textOf(e.qualification),
          since: textOf(e.since),
          lawsuitsTotal: numberOf(e.lawsuitsTotal),
          registryStatus: textOf(e.registryStatus),
        });
      }
      return;
    }
    const bag = bagOf(value);
    if (!bag) return;
    for (const [key, child] of Object.entries(bag)) {
      if (key === "indicators" || key === "totals" || key === "summary") continue;
      if (typeof child === "object" && child !== null) visit(child, key === "business" ? group : key, depth + 1);
    }
  };
  visit(block, "items", 0);
  return out;
}
