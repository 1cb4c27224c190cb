import type { BlacklistEntry, BlacklistImportResult } from "@/lib/contract";
import { isValidCnpj, isValidCpf, normalizeDocument, stripDocument } from "@/lib/contract/documents";
import { documentKind, maskedDocument } from "@/lib/verifications/document-view";

// The restrictive list as the console handles it (page /restrictive-list, the case page's action
// and the BFF under /bff/restrictive-list): list parameters in the URL, the add form's checks and
// the bodies the BFF accepts. Runs in the browser and on the server.

/**
 * An entry as the browser gets it: its id and its document masked (issue 19). The full document is
 * shown only by "Mostrar documento completo", an audited reveal through the BFF.
 */
export type RestrictiveEntry = Pick<
  BlacklistEntry,
  "id" | "name" | "reason" | "createdBy" | "createdByEmail" | "createdAt" | "expiresAt" | "expired"
> & {
  /** 123.***.***-09 */
  document: string;
  /** The holder's name as the workspace's cases have it (the document's one display name), when a case named it. */
  holderName?: string | null;
  kind: "CPF" | "CNPJ" | null;
  /** Shown before the service confirmed it (optimistic insert). */
  pending?: boolean;
};

export interface RestrictivePage {
  items: RestrictiveEntry[];
  page: number;
  limit: number;
  total: number;
}

export type RestrictiveImportReport = BlacklistImportResult;

/** What DELETE /bff/restrictive-list/entries/:id answers: a sealed token that lists the entry again ("Desfazer"). */
export interface RemovedEntry {
  undo: string;
}

/** What the add dialog and the undo send: the document stripped, the expiry as RFC 3339. */
export interface NewRestrictiveEntry {
  nationalId: string;
  reason: string;
  name?: string;
  expiresAt?: string;
}

export const MAX_REASON = 500;
export const MAX_NAME = 200;
export const DEFAULT_LIMIT = 20;

export interface RestrictiveListParams {
  page: number;
  limit: number;
  search: string;
}

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function read(source: ParamSource, key: string): string | undefined {
  if (source instanceof URLSearchParams) return source.get(key) ?? undefined;
  const value = source[key];
  return Array.isArray(value) ? value[0] : value;
}

function positiveInt(value: string | undefined, fallback: number, max: number): number {
  if (!value || !/^\d{1,7}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 ? Math.min(n, max) : fallback;
}

export function parseListParams(source: ParamSource): RestrictiveListParams {
  return {
    page: positiveInt(read(source, "page"), 1, 1_000_000),
    limit: positiveInt(read(source, "limit"), DEFAULT_LIMIT, 100),
    search: (read(source, "search") ?? "").trim().slice(0, 100),
  };
}

/** Only what differs from the defaults goes to the URL. */
export function listParamsToSearch(params: RestrictiveListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.search) search.set("search", params.search);
  if (params.page !== 1) search.set("page", String(params.page));
  if (params.limit !== DEFAULT_LIMIT) search.set("limit", String(params.limit));
  return search;
}

/** pt-BR message for a document that may not be sent; null when it is a valid CPF or CNPJ. */
export function documentProblem(input: string): string | null {
  const raw = stripDocument(input);
  if (!raw) return "Informe o CPF ou o CNPJ.";
  if (raw.length === 11 && /^\d{11}$/.test(raw)) return isValidCpf(raw) ? null : "CPF inválido: os dígitos verificadores não conferem.";
  if (raw.length === 14) return isValidCnpj(raw) ? null : "CNPJ inválido: os dígitos verificadores não conferem.";
  return "Documento incompleto: o CPF tem 11 dígitos e o CNPJ, 14 caracteres.";
}

/** The day chosen in the form counts whole: the entry expires at the end of it (São Paulo time). */
export function expiryFromDate(date: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T23:59:59-03:00` : undefined;
}

/** Today in São Paulo as YYYY-MM-DD (the smallest expiry the form accepts). */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Checks a body sent to the BFF; answers the entry to send or a pt-BR message. */
export function parseNewEntry(body: unknown): NewRestrictiveEntry | string {
  const value = (body ?? {}) as Record<string, unknown>;
  const nationalId = typeof value.nationalId === "string" ? value.nationalId : "";
  const problem = documentProblem(nationalId);
  if (problem) return problem;
  const reason = typeof value.reason === "string" ? value.reason.trim() : "";
  if (!reason) return "Informe o motivo.";
  if (reason.length > MAX_REASON) return `O motivo tem no máximo ${MAX_REASON} caracteres.`;
  const name = typeof value.name === "string" && value.name.trim() ? value.name.trim().slice(0, MAX_NAME) : undefined;
  let expiresAt: string | undefined;
  if (value.expiresAt !== undefined && value.expiresAt !== null && value.expiresAt !== "") {
    const date = typeof value.expiresAt === "string" ? new Date(value.expiresAt) : null;
    if (!date || Number.isNaN(date.getTime())) return "Data de expiração inválida.";
    if (date.getTime() <= Date.now()) return "A data de expiração precisa estar no futuro.";
    expiresAt = value.expiresAt as string;
  }
  return {
    nationalId: normalizeDocument(nationalId)?.value ?? stripDocument(nationalId),
    reason,
    ...(name ? { name } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

export function toRestrictiveEntry(entry: BlacklistEntry): RestrictiveEntry {
  return {
    id: entry.id,
    document: maskedDocument(entry.nationalId) ?? "—",
    kind: documentKind(entry.nationalId),
    name: entry.name,
    reason: entry.reason,
    createdBy: entry.createdBy,
    createdByEmail: entry.createdByEmail,
    createdAt: entry.createdAt,
    expiresAt: entry.expiresAt,
    expired: entry.expired,
  };
}

/** Whether an entry typed in the browser would show under a search (the service's rule: document, name or reason). */
export function entryMatches(entry: { nationalId: string; name: string | null; reason: string }, search: string): boolean {
  if (!search) return true;
  const needle = search.toLowerCase();
  const digits = stripDocument(search);
  return (
    (digits.length > 0 && entry.nationalId.includes(digits)) ||
    (entry.name ?? "").toLowerCase().includes(needle) ||
    entry.reason.toLowerCase().includes(needle)
  );
}

/** The document's one display name: the holder's name as its case has it, else the entry's, else the masked document. */
export function entryDisplayName(entry: Pick<RestrictiveEntry, "holderName" | "name" | "document">): string {
  return entry.holderName ?? entry.name ?? entry.document;
}
