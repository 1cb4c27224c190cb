// Which unhandled rejections a server process survives: lost database connections only.
import { expect, it } from "vitest";
import { isConnectionLoss } from "../../server/support/process-faults";

it.each([
  [Object.assign(new Error("connect ECONNRESET 127.0.0.1:5432"), { code: "ECONNRESET" }), true],
  [Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }), true],
  [Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }), true],
  [new Error("Connection terminated unexpectedly"), true],
  [Object.assign(new Error("Failed query: update ..."), { cause: Object.assign(new Error("x"), { code: "57P01" }) }), true],
  [Object.assign(new Error("connection failure"), { code: "08006" }), true],
  [new Error("Cannot read properties of undefined"), false],
  [Object.assign(new Error("duplicate key"), { code: "23505" }), false],
  ["a string", false],
  [undefined, false],
])("%s → %s", (error, expected) => {
  expect(isConnectionLoss(error)).toBe(expected);
});
