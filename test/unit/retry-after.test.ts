import { describe, expect, it } from "vitest";
import { computeRetryAfter } from "../../server/v3/retry-after";

const now = new Date("2026-03-01T12:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const S = 1000;

describe("computeRetryAfter", () => {
  it.each([
    // rule: terminal responses carry no Retry-After, whatever else is set
    { rule: "terminal COMPLETED", status: "COMPLETED", expected: null },
    { rule: "terminal FAILED", status: "FAILED", expected: null },
    { rule: "terminal ignores nextRetryAt", status: "FAILED", nextRetryAt: at(900 * S), expected: null },
    { rule: "terminal ignores deadline", status: "COMPLETED", deadline: at(2 * S), expected: null },
    // rule: 5 seconds by default
    { rule: "default for CREATED", status: "CREATED", expected: 5 },
    { rule: "default for FETCHING", status: "FETCHING", expected: 5 },
    { rule: "null fields are absent", status: "FETCHING", nextRetryAt: null, deadline: null, expected: 5 },
    // rule: waiting for a new round -> seconds to nextRetryAt, at least 5
    { rule: "round in 15 min", status: "FETCHING", nextRetryAt: at(900 * S), expected: 900 },
    { rule: "round in 1 h", status: "FETCHING", nextRetryAt: at(3600 * S), expected: 3600 },
    { rule: "fraction rounds up", status: "FETCHING", nextRetryAt: at(60 * S + 1), expected: 61 },
    { rule: "round in 2 s -> at least 5", status: "FETCHING", nextRetryAt: at(2 * S), expected: 5 },
    { rule: "round exactly 5 s", status: "FETCHING", nextRetryAt: at(5 * S), expected: 5 },
    { rule: "round in 6 s", status: "FETCHING", nextRetryAt: at(6 * S), expected: 6 },
    { rule: "round time passed -> at least 5", status: "FETCHING", nextRetryAt: at(-30 * S), expected: 5 },
    // rule: never beyond a future deadline, then at least 1
    { rule: "deadline caps the round wait", status: "FETCHING", nextRetryAt: at(900 * S), deadline: at(120 * S), expected: 120 },
    { rule: "deadline caps the default", status: "FETCHING", deadline: at(3 * S), expected: 3 },
    { rule: "deadline rounds down", status: "FETCHING", deadline: at(3 * S + 900), expected: 3 },
    { rule: "deadline under 1 s -> 1", status: "FETCHING", deadline: at(400), expected: 1 },
    { rule: "deadline beyond the wait -> no cap", status: "FETCHING", nextRetryAt: at(900 * S), deadline: at(3600 * S), expected: 900 },
    { rule: "deadline beyond the default -> no cap", status: "CREATED", deadline: at(60 * S), expected: 5 },
    { rule: "deadline now is not future -> no cap", status: "FETCHING", deadline: at(0), expected: 5 },
    { rule: "deadline past -> no cap", status: "FETCHING", nextRetryAt: at(900 * S), deadline: at(-10 * S), expected: 900 },
  ])("$rule -> $expected", ({ status, nextRetryAt, deadline, expected }) => {
    expect(computeRetryAfter({ status, nextRetryAt, deadline, now })).toBe(expected);
  });

  it.each([
    { rule: "configured default", defaultSeconds: 1, expected: 1 },
    { rule: "configured default is the round floor", defaultSeconds: 2, nextRetryAt: at(500), expected: 2 },
    { rule: "round wait above the configured default", defaultSeconds: 1, nextRetryAt: at(3 * S), expected: 3 },
  ])("$rule -> $expected", ({ defaultSeconds, nextRetryAt, expected }) => {
    expect(computeRetryAfter({ status: "FETCHING", nextRetryAt, now, defaultSeconds })).toBe(expected);
  });

  it("always returns a positive integer for non-terminal states", () => {
    for (let ms = -5000; ms <= 20_000; ms += 137) {
      const value = computeRetryAfter({ status: "FETCHING", nextRetryAt: at(ms), deadline: at(ms / 2), now });
      expect(Number.isInteger(value) && value! >= 1).toBe(true);
    }
  });
});
