// Which database failures are "unavailable" (answered 503 where the spec allows) and which are not
// (data errors and bugs: 500, never a 503 that tells the client to retry in vain).
import { describe, expect, it } from "vitest";
import { isUnavailable, sqlState } from "../../server/db/errors";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code, severity: "ERROR" });
const wrapped = (cause: unknown) =>
  Object.assign(new Error("Failed query: select 1\nparams: a"), { query: "select 1", params: ["a"], cause });

describe("isUnavailable", () => {
  it.each([
    ["connection refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["admin shutdown 57P01", pgError("57P01")],
    ["statement timeout 57014", pgError("57014")],
    ["too many connections 53300", pgError("53300")],
    ["connection failure 08006", pgError("08006")],
    ["pool timeout", new Error("timeout exceeded when trying to connect")],
    ["terminated connection", new Error("Connection terminated unexpectedly")],
    ["drizzle-wrapped shutdown", wrapped(pgError("57P01"))],
  ])("%s is unavailable", (_name, error) => {
    expect(isUnavailable(error)).toBe(true);
  });

  it.each([
    ["NUL in text 22P05", pgError("22P05", "unsupported Unicode escape sequence")],
    ["invalid byte sequence 22021", pgError("22021")],
    ["date out of range 22008", pgError("22008")],
    ["unique violation 23505", pgError("23505")],
    ["drizzle-wrapped data error", wrapped(pgError("22P02"))],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["stack overflow", new RangeError("Maximum call stack size exceeded")],
  ])("%s is not", (_name, error) => {
    expect(isUnavailable(error)).toBe(false);
  });

  it("reads the SQLSTATE through drizzle's wrapper", () => {
    expect(sqlState(wrapped(pgError("23505")))).toBe("23505");
    expect(sqlState(new Error("plain"))).toBeUndefined();
  });
});
