// Structured JSON logs (pino, through Fastify). Documents, names and tokens never reach a log line:
// URLs are logged with sensitive query values masked, the Authorization header is never logged,
// and `redactText` masks anything that looks like a document or a JWT in free text.
import pino from "pino";

export type Logger = pino.Logger;

const SENSITIVE_QUERY = new Set(["nationalid", "document", "search", "name", "token", "refreshtoken", "email"]);
// A JWT is `eyJ` + 5 or more base64url characters, a dot, 5+ more, a dot, 5+ more. Written as one
// regular expression (/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g) it backtracks quadratically on
// input such as "eyJeyJeyJ..." (every "eyJ" rescans to the end of the run), so masking is a
// linear scan over runs of base64url characters instead.
const SEGMENT = /[A-Za-z0-9_-]+/g;
const MIN_PART = 5;

function maskJwts(text: string): string {
  if (!text.includes("eyJ")) return text;
  const segments: [number, number][] = [];
  for (const m of text.matchAll(SEGMENT)) segments.push([m.index, m.index + m[0].length]);
  let out = "";
  let copied = 0;
  for (let i = 0; i + 2 < segments.length; i++) {
    const [start, end] = segments[i]!;
    const found = text.slice(start, end).indexOf("eyJ");
    const at = start + found;
    if (found === -1 || end - at - 3 < MIN_PART) continue;
    const [start2, end2] = segments[i + 1]!;
    const [start3, end3] = segments[i + 2]!;
    if (text[end] !== "." || start2 !== end + 1 || end2 - start2 < MIN_PART) continue;
    if (text[end2] !== "." || start3 !== end2 + 1 || end3 - start3 < MIN_PART) continue;
    out += text.slice(copied, at) + "[token]";
    copied = end3;
    i += 2;
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
