// boundedTotal: the v2 list's `total` from a count capped at exactTotal + 1 and the planner's estimate.
import { describe, expect, it } from "vitest";
import { boundedTotal } from "../../server/v2/verifications/queries";

const base = { exactTotal: 100, offset: 0, limit: 25, pageRows: 25 };

describe("boundedTotal", () => {
  it("is the count when the count did not pass the threshold, whatever the estimate", () => {
    expect(boundedTotal({ ...base, counted: 0, estimate: 5000, pageRows: 0 })).toBe(0);
    expect(boundedTotal({ ...base, counted: 37, estimate: 5000, pageRows: 25 })).toBe(37);
    expect(boundedTotal({ ...base, counted: 100, estimate: 1, pageRows: 25 })).toBe(100);
  });

  it("above the threshold is the estimate, never below threshold + 1 or the rows up to the page", () => {
    expect(boundedTotal({ ...base, counted: 101, estimate: 123_456 })).toBe(123_456);
    expect(boundedTotal({ ...base, counted: 101, estimate: 12.6 })).toBe(101);
    expect(boundedTotal({ ...base, counted: 101, estimate: 150, offset: 975 })).toBe(1000);
  });

  it("is exact when the page is short: the list ends on it", () => {
    expect(boundedTotal({ ...base, counted: 101, estimate: 5000, offset: 975, pageRows: 7 })).toBe(982);
  });

  it("after an empty page is at most the rows before it", () => {
    expect(boundedTotal({ ...base, counted: 101, estimate: 5000, offset: 500, pageRows: 0 })).toBe(500);
    expect(boundedTotal({ ...base, counted: 101, estimate: 300, offset: 500, pageRows: 0 })).toBe(300);
    expect(boundedTotal({ ...base, counted: 101, estimate: 3, offset: 500, pageRows: 0 })).toBe(101);
  });
});
