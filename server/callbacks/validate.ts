import { isIP } from "node:net";
import { type AllowList, isAllowListedHost, isRefusedAddress, normalizeHostname } from "./destination";

// Validation of the `callback` object of v3 creation (spec 4.4 and 6; reserved names and refused
// destinations from architecture.md). A failure becomes 400 invalid_callback. Messages may name
// a field or a header name, never the URL (its query may hold a token) or a header value.

export const MAX_CALLBACK_URL_LENGTH = 2048;
export const MAX_CALLBACK_HEADERS = 20;
export const MAX_CALLBACK_HEADER_VALUE_LENGTH = 1024;
const MAX_HEADER_NAME_LENGTH = 256;

const RESERVED_HEADERS = new Set([
  "host",
  "content-type",
  "content-length",
  "transfer-encoding",
  "connection",
  "user-agent",
  "x-service-signature",
  "x-service-timestamp",
]);
// Hop-by-hop and protocol-switching headers would change how the delivery itself behaves
// (Expect: 100-continue stalls it, Upgrade asks for another protocol), so they are refused too.
const HOP_BY_HOP_HEADERS = new Set(["keep-alive", "te", "trailer", "upgrade", "expect", "proxy-connection"]);

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// What Node's http module accepts in a header value, minus CR/LF (header injection).
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export interface ValidCallback {
  url: string;
  headers: Record<string, string>;
}

export type CallbackValidation = { ok: true; value: ValidCallback } | { ok: false; message: string };

/** True for names the service sets itself or that would change the delivery (case-insensitive). */
export function isReservedHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return RESERVED_HEADERS.has(lower) || HOP_BY_HOP_HEADERS.has(lower) || lower.startsWith("x-service-");
}

export function validateCallback(input: unknown, opts: { allowList: AllowList }): CallbackValidation {
  if (!isPlainObject(input)) return fail("callback must be an object");
  const unknown = Object.keys(input).find((k) => k !== "url" && k !== "headers");
  if (unknown !== undefined) return fail(`callback has an unknown field ${quoteName(unknown)}`);

  const url = validateUrl(input.url, opts.allowList);
  if (!url.ok) return url;
  const headers = validateHeaders(input.headers);
  if (!headers.ok) return headers;
  return { ok: true, value: { url: url.value, headers: headers.value } };
}

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

function validateUrl(value: unknown, allowList: AllowList): Checked<string> {
  if (value === undefined || value === null) return fail("callback.url is required");
  if (typeof value !== "string") return fail("callback.url must be a string");
  if (value.length > MAX_CALLBACK_URL_LENGTH) return fail(`callback.url is longer than ${MAX_CALLBACK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail("callback.url must be an absolute URL");
  }
  if (url.protocol !== "https:") return fail("callback.url must use https");
  if (url.username !== "" || url.password !== "") return fail("callback.url must not contain credentials");
  // The WHATWG parser has already turned forms like https://0x7f.1/ into 127.0.0.1.
  const host = normalizeHostname(url.hostname);
  if (host === "") return fail("callback.url must have a host");
  if (!isAllowListedHost(allowList, host)) {
    const refused = isIP(host) ? isRefusedAddress(host, allowList) : host === "localhost" || host.endsWith(".localhost");
    if (refused) return fail("callback.url points to a refused destination");
  }
  // Percent-encoding during parsing can lengthen the URL; the stored form must fit too.
  if (url.href.length > MAX_CALLBACK_URL_LENGTH) return fail(`callback.url is longer than ${MAX_CALLBACK_URL_LENGTH} characters`);
  return { ok: true, value: url.href };
}

function validateHeaders(value: unknown): Checked<Record<string, string>> {
  if (value === undefined) return { ok: true, value: {} };
  if (!isPlainObject(value)) return fail("callback.headers must be an object of string values");
  const entries = Object.entries(value);
  if (entries.length > MAX_CALLBACK_HEADERS) return fail(`callback.headers has more than ${MAX_CALLBACK_HEADERS} entries`);
  const seen = new Set<string>();
  const headers: [string, string][] = [];
  for (const [name, headerValue] of entries) {
    if (!TOKEN.test(name) || name.length > MAX_HEADER_NAME_LENGTH) return fail("callback.headers has an invalid header name");
    const lower = name.toLowerCase();
    if (isReservedHeaderName(name)) return fail(`callback.headers: ${quoteName(name)} is reserved`);
    if (seen.has(lower)) return fail(`callback.headers: ${quoteName(name)} appears more than once`);
    seen.add(lower);
    if (typeof headerValue !== "string") return fail(`callback.headers: value of ${quoteName(name)} must be a string`);
    if (headerValue.length > MAX_CALLBACK_HEADER_VALUE_LENGTH) {
      return fail(`callback.headers: value of ${quoteName(name)} is longer than ${MAX_CALLBACK_HEADER_VALUE_LENGTH} characters`);
    }
    if (!HEADER_VALUE.test(headerValue)) return fail(`callback.headers: value of ${quoteName(name)} has invalid characters`);
    headers.push([name, headerValue]);
  }
  // fromEntries defines own properties, so even a "__proto__" name stays data, not a prototype.
  return { ok: true, value: Object.fromEntries(headers) };
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Echoes a client-chosen name only when it is short and token-like, so no free text leaks. */
function quoteName(name: string): string {
  return TOKEN.test(name) && name.length <= 64 ? `"${name}"` : "(name not shown)";
}
