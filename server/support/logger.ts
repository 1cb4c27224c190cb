// Structured JSON logs (pino, through Fastify). Documents, names and tokens never reach a log line:
// URLs are logged with sensitive query values masked, the Authorization header is never logged,
// and `redactText` masks anything that looks like a document or a JWT in free text.
import pino from "pino";

export type Logger = pino.Logger;

const SENSITIVE_QUERY = new Set(["nationalid", "document", "search", "name", "token", "refreshtoken", "email"]);
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g;
// CPF/CNPJ with or without punctuation (digits, or alphanumeric CNPJ)
const DOCUMENT = /\b(?:\d{3}\.?\d{3}\.?\d{3}-?\d{2}|[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2})\b/gi;

export function redactText(text: string): string {
  return text.replace(JWT, "[token]").replace(DOCUMENT, (m) => (/\d/.test(m) && m.replace(/\W/g, "").length >= 11 ? "[document]" : m));
}

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return redactText(url);
  const query = url.slice(q + 1).split("&").map((pair) => {
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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "lupa-api" },
      redact: { paths: ["req.headers.authorization", "headers.authorization", "*.password", "*.refreshToken", "*.accessToken"], censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          // mask free-text messages too: errors can quote input
          const masked = args.map((a) => (typeof a === "string" ? redactText(a) : a)) as Parameters<typeof method>;
          method.apply(this, masked);
        },
      },
      serializers: {
        err: (error: Error) => ({ type: error.name, message: redactText(error.message), stack: error.stack ? redactText(error.stack) : undefined }),
      },
    },
    destination,
  );
}
