// Structured JSON logs (pino, through Fastify). Documents, names and tokens never reach a log line:
// URLs are logged with sensitive query values masked, the Authorization header is never logged,
// and `redactText` masks anything that looks like a document or a JWT in free text.
import pino from "pino";
import { sqlState } from "../db/errors";
import { logFormatOf, PrettyLog } from "./log-format";

export type Logger = pino.Logger;

const SENSITIVE_QUERY = new Set(["nationalid", "document", "search", "name", "token", "refreshtoken", "email"]);
// A JWT is `eyJ` + 5 or more base64url characters, a dot, 5+ more, a dot, 5+ more. Written as one
// regular expression (/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g) it backtracks quadratically on
// input such as "eyJeyJeyJ..." (every "eyJ" rescans to the end of the run), so masking is a
// linear scan over runs of base64url characters instead.
const MIN_PART = 5;
const DOT = 46;

function isBase64Url(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
}

/** End of the run of base64url characters that starts at `i`. */
function runEnd(text: string, i: number): number {
  while (i < text.length && isBase64Url(text.charCodeAt(i))) i++;
  return i;
}

// Each run is scanned at most three times (as a first, second or third part) and the search for
// "eyJ" only moves forward, so the cost is linear in the text.
function maskJwts(text: string): string {
  let next = text.indexOf("eyJ");
  if (next === -1) return text;
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    if (!isBase64Url(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const end = runEnd(text, i);
    if (next !== -1 && next < i) next = text.indexOf("eyJ", i);
    if (next === -1) break;
    if (next < end && end - next - 3 >= MIN_PART && text.charCodeAt(end) === DOT) {
      const end2 = runEnd(text, end + 1);
      if (end2 - end - 1 >= MIN_PART && text.charCodeAt(end2) === DOT) {
        const end3 = runEnd(text, end2 + 1);
        if (end3 - end2 - 1 >= MIN_PART) {
          out += text.slice(copied, next) + "[token]";
          copied = end3;
          i = end3;
          continue;
        }
      }
    }
    i = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
// CPF/CNPJ with or without punctuation (digits, or alphanumeric CNPJ)
const DOCUMENT = /\b(?:\d{3}\.?\d{3}\.?\d{3}-?\d{2}|[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2})\b/gi;

export function redactText(text: string): string {
  return maskJwts(text).replace(DOCUMENT, (m) => (/\d/.test(m) && m.replace(/\W/g, "").length >= 11 ? "[document]" : m));
}

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return redactText(url);
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const key = eq === -1 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // keep the raw key
      }
      return SENSITIVE_QUERY.has(name.toLowerCase()) ? `${key}=[redacted]` : redactText(pair);
    });
  return redactText(url.slice(0, q)) + "?" + query.join("&");
}

interface DatabaseErrorFields {
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
}

/** Only the "at ..." lines of a stack: its first lines repeat the message. */
const frames = (stack: string | undefined) =>
  stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
const identifier = (value: unknown) => (typeof value === "string" && /^[A-Za-z0-9_.]{1,63}$/.test(value) ? value : undefined);

/**
 * An error as logged. A failed query (drizzle's DrizzleQueryError: "Failed query: <sql>\nparams:
 * <values>", the driver's error as `cause`) is logged as its SQL text, SQLSTATE and the table,
 * column and constraint it names, never its parameters or the driver's message and detail, which
 * quote values (a name, a document). Other errors: name, masked message and stack frames.
 */
export function serializeError(error: Error): Record<string, unknown> {
  const e = error as Error & DatabaseErrorFields;
  const driver = (e.cause ?? e) as DatabaseErrorFields;
  const code = sqlState(e);
  if (typeof e.query === "string" && "params" in e) {
    return {
      type: e.constructor?.name ?? e.name,
      message: `Failed query: ${redactText(e.query)}`,
      code,
      table: identifier(driver.table),
      column: identifier(driver.column),
      constraint: identifier(driver.constraint),
      stack: frames(e.stack),
    };
  }
  if (code) {
    // a driver error met outside drizzle: its message may quote a value
    return {
      type: e.name,
      message: "database error",
      code,
      table: identifier(e.table),
      column: identifier(e.column),
      constraint: identifier(e.constraint),
      stack: frames(e.stack),
    };
  }
  return { type: e.name, message: redactText(e.message), stack: e.stack ? redactText(e.stack) : undefined };
}

/**
 * The process's logger: JSON lines on standard output, or short human-readable lines when
 * LUPA_LOG_FORMAT says `pretty` or, unset, standard output is a terminal (server/support/log-format.ts).
 */
export function createProcessLogger(level: string, env: NodeJS.ProcessEnv = process.env): Logger {
  const format = logFormatOf(env.LUPA_LOG_FORMAT, process.stdout.isTTY);
  return createLogger(level, format === "pretty" ? new PrettyLog(process.stdout) : undefined);
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "lupa-api" },
      redact: {
        paths: ["req.headers.authorization", "headers.authorization", "*.password", "*.refreshToken", "*.accessToken"],
        censor: "[redacted]",
      },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          // mask free-text messages too: errors can quote input
          const masked = args.map((a) => (typeof a === "string" ? redactText(a) : a)) as Parameters<typeof method>;
          method.apply(this, masked);
        },
      },
      serializers: { err: serializeError },
    },
    destination,
  );
}
