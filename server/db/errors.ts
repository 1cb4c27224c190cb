// What a database failure means: real unavailability (connection lost or refused, server
// shutting down or out of resources, a statement cancelled by timeout, a closed pool) is
// temporary and answered 503 where the spec says so; anything else (a data error, a constraint, a
// bug) is not something a client can fix by retrying and stays an internal error.
//
// drizzle wraps the driver's error (DrizzleQueryError, with the driver's error as `cause`); the
// SQLSTATE is on the driver's error (node-postgres and PGlite both set `code`).

// SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57 operator intervention
// (admin shutdown, cancelled by statement timeout), 58 system error
const UNAVAILABLE_CLASSES = new Set(["08", "53", "57", "58"]);
const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// node-postgres's pool and client, and PGlite, without a code
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|connection terminated|not queryable|cannot use a pool after calling end|pglite is closed|client was closed|connection error/i;

function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  let current = error;
  while (current && out.length < 5 && !out.includes(current)) {
    out.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return out;
}

/** The SQLSTATE of a database error (or of its cause), if any. */
export function sqlState(error: unknown): string | undefined {
  for (const e of chain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^(?:[0-9][0-9A-Z]|HV|P0|XX|F0)[0-9A-Z]{3}$/.test(code)) return code;
  }
  return undefined;
}

export function isUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return UNAVAILABLE_CLASSES.has(state.slice(0, 2));
  return chain(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_ERRNO.has(code)) return true;
    return e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message);
  });
}
