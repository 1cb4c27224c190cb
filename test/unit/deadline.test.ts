import { describe, expect, it } from "vitest";
import { parseDeadline } from "../../server/v3/deadline";

describe("parseDeadline", () => {
  it.each([
    ["60s", 60],
    ["90s", 90],
    ["1m", 60],
    ["10m", 600],
    ["2h", 7200],
    ["120m", 7200],
    ["7200s", 7200],
    ["1h30m", 5400],
    ["1d", 86_400],
    ["1d12h", 129_600],
    ["1h0m30s", 3630],
    ["0h1m", 60],
    ["01m", 60],
    ["7d", 604_800],
    ["604800s", 604_800],
    ["6d23h59m60s", 604_800],
  ])("accepts %j as %i seconds", (text, seconds) => {
    expect(parseDeadline(text)).toEqual({ ok: true, seconds, normalized: `${seconds}s` });
  });

  it("normalizes equal durations to the same text (2h equals 120m)", () => {
    const a = parseDeadline("2h");
    const b = parseDeadline("120m");
    expect(a.ok && b.ok && a.normalized === b.normalized).toBe(true);
    expect(a).toMatchObject({ normalized: "7200s" });
  });

  it.each([
    "59s", // below the 1m minimum
    "0m",
    "0s",
    "604801s", // above 7 days
    "8d",
    "7d1s",
    "",
    "10",
    "m",
    "1.5h",
    "-5m",
    "+5m",
    " 10m",
    "10m ",
    "10 m",
    "10M",
    "2H",
    "30m1h", // units out of order
    "1m1m", // repeated unit
    "1w",
    "1ms",
    "9999999999s",
    "PT10M",
  ])("refuses %j", (text) => {
    expect(parseDeadline(text)).toEqual({ ok: false });
  });

  it.each([600, null, undefined, {}, ["10m"], true])("refuses the non-string %j", (value) => {
    expect(parseDeadline(value)).toEqual({ ok: false });
  });
});
