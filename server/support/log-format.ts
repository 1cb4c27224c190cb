// Human-readable log lines for a terminal (issue 20): `npm start` in a terminal printed two JSON
// lines per request. LUPA_LOG_FORMAT picks the format: `json` (one JSON object a line, for log
// collectors), `pretty` (one short line per event, one per request), or unset: pretty when
// standard output is a terminal, JSON otherwise. `npm start` runs the API with its output piped,
// so it decides for it from its own terminal (scripts/start-lib.mjs). The pretty lines are made
// from the JSON lines, after pino's redaction and masking: they show nothing the JSON would not.

export type LogFormat = "json" | "pretty";

/** The format from LUPA_LOG_FORMAT, else from whether standard output is a terminal. */
export function logFormatOf(value: string | undefined, isTTY: boolean | undefined): LogFormat {
  const v = value?.trim().toLowerCase();
  if (v === "json" || v === "pretty") return v;
  if (v) throw new Error(`LUPA_LOG_FORMAT must be json or pretty (got "${value}")`);
  return isTTY ? "pretty" : "json";
}

const LEVELS: Record<string, string> = {
  trace: "TRACE",
  debug: "DEBUG",
  info: "INFO ",
  warn: "WARN ",
  error: "ERROR",
  fatal: "FATAL",
};
/** Fields every line has, or that the line's own words already say. */
const SHOWN = new Set(["level", "time", "pid", "hostname", "service", "msg", "reqId", "req", "res", "responseTime", "err"]);

function clock(time: unknown): string {
  const d = typeof time === "number" ? new Date(time) : new Date();
  return d.toTimeString().slice(0, 8);
}

function value(v: unknown): string {
  if (typeof v === "string") return /\s/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

/**
 * Turns pino's JSON lines into short lines: `12:04:05 INFO  GET /api/v2/verifications 200 12 ms`
 * for a request (its "incoming request" line is held until it completes), `time LEVEL message
 * key=value ...` for the rest, an error's message and stack frames under it.
 */
export class PrettyLog {
  private readonly incoming = new Map<string, { method: string; url: string }>();

  constructor(private readonly out: { write(text: string): unknown }) {}

  write(line: string): void {
    for (const text of line.split("\n")) {
      if (text.trim() === "") continue;
      const pretty = this.format(text);
      if (pretty !== null) this.out.write(pretty + "\n");
    }
  }

  /** One line (or several, for an error's stack) for a JSON line; null for a line held back. */
  format(text: string): string | null {
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return text; // not JSON: as it came
    }
    const level = LEVELS[String(o.level)] ?? String(o.level).toUpperCase().padEnd(5);
    const head = `${clock(o.time)} ${level}`;
    const reqId = typeof o.reqId === "string" ? o.reqId : null;
    const req = o.req as { method?: string; url?: string } | undefined;
    if (o.msg === "incoming request" && reqId && req) {
      if (this.incoming.size > 10_000) this.incoming.clear(); // requests that never completed
      this.incoming.set(reqId, { method: req.method ?? "?", url: req.url ?? "?" });
      return null;
    }
    const res = o.res as { statusCode?: number } | undefined;
    if (o.msg === "request completed" && reqId) {
      const started = this.incoming.get(reqId);
      this.incoming.delete(reqId);
      const ms = typeof o.responseTime === "number" ? ` ${Math.round(o.responseTime)} ms` : "";
      return `${head} ${started ? `${started.method} ${started.url}` : "request"} ${res?.statusCode ?? "?"}${ms}`;
    }
    const extra = Object.entries(o)
      .filter(([k]) => !SHOWN.has(k))
      .map(([k, v]) => `${k}=${value(v)}`);
    const where = req?.method ? ` (${req.method} ${req.url})` : "";
    let out = `${head} ${String(o.msg ?? "")}${where}${extra.length ? " " + extra.join(" ") : ""}`;
    const err = o.err as { type?: string; message?: string; stack?: string } | undefined;
    if (err) {
      out += `\n    ${err.type ?? "Error"}: ${err.message ?? ""}`;
      const frames = (err.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l));
      for (const frame of frames.slice(0, 8)) out += `\n    ${frame.trim()}`;
    }
    return out;
  }
}
