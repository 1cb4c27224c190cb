// The overview's plain charts (components/overview/column-chart.tsx): the scale's round top.
import { describe, expect, it } from "vitest";
import { scaleTop } from "../../components/overview/column-chart";

describe("scaleTop", () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 5],
    [6, 10],
    [10, 10],
    [11, 20],
    [23, 50],
    [51, 100],
    [999, 1000],
    [1001, 2000],
  ])("a largest column of %i gets a scale up to %i", (max, top) => {
    expect(scaleTop(max)).toBe(top);
  });

  it("is always at least the largest column, and at most five times it", () => {
    for (let max = 1; max <= 5000; max += 7) {
      const top = scaleTop(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(top).toBeLessThanOrEqual(max * 5);
    }
  });
});
