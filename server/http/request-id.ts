// The request id. The server makes its own for every request (a UUID): that is `request.id`, the
// logs' reqId and the audit trail's request_id, which a client can therefore never choose (issue
// 30, finding 8). A client may send its own `x-request-id` so that both sides can quote the same
// id: the response echoes it, the log lines carry it as clientReqId and audit events keep it apart,
// in client_request_id. Only a short opaque token is taken (docs/decisions.md, "Request ids"): 8 to 64
// characters of A-Z, a-z, 0-9, "-" and "_", with at least one letter, and nothing shaped like a
// document (11 digits in a row: a CPF or a numeric CNPJ; 14 characters that make a valid
// alphanumeric CNPJ). Anything else is replaced by a generated UUID, never logged or echoed.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { isValidCnpj } from "../../lib/contract/documents";

const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;

function looksLikeDocument(id: string): boolean {
  const compact = id.replace(/[-_]/g, "").toUpperCase();
  if (/\d{11}/.test(compact)) return true;
  for (let i = 0; i + 14 <= compact.length; i++) {
    const window = compact.slice(i, i + 14);
    if (/^[0-9A-Z]{12}\d{2}$/.test(window) && isValidCnpj(window)) return true;
  }
  return false;
}

export function acceptableRequestId(given: unknown): given is string {
  return typeof given === "string" && TOKEN.test(given) && /[A-Za-z]/.test(given) && !looksLikeDocument(given);
}

export function requestIdOf(given: unknown): string {
  return acceptableRequestId(given) ? given : randomUUID();
}

/** The client's acceptable x-request-id, or null. */
export function clientRequestIdOf(given: unknown): string | null {
  return acceptableRequestId(given) ? given : null;
}

/** The server's id of a new request. */
export const newRequestId = (): string => randomUUID();

interface RequestIds {
  id: string;
  clientId: string | null;
}

const current = new AsyncLocalStorage<RequestIds>();

/** Runs the rest of a request's lifecycle with its ids at hand (server/http/app.ts's onRequest). */
export function withRequestIds(ids: RequestIds, next: () => void): void {
  current.run(ids, next);
}

/**
 * The client's id of the request whose server id is `serverId`, when the caller runs within that
 * request (an audit event records it beside the server's id); null otherwise.
 */
export function clientIdOfRequest(serverId: string | null | undefined): string | null {
  const ids = current.getStore();
  return serverId && ids?.id === serverId ? ids.clientId : null;
}
