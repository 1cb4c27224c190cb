// The value axis of the console's bar charts (lib/charts/ticks.ts).
import { describe, expect, it } from "vitest";
import { labelEvery, niceTicks } from "../../lib/charts/ticks";

describe("niceTicks", () => {
  it("covers the largest value with whole, evenly spaced ticks from 0", () => {
    for (const max of [1, 2, 3, 7, 9, 10, 11, 23, 99, 100, 101, 250, 999, 1234, 48_713]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks[ticks.length - 2]).toBeLessThan(max);
      const step = ticks[1] - ticks[0];
      expect(Number.isInteger(step) && step >= 1).toBe(true);
      ticks.forEach((tick, i) => expect(tick).toBe(i * step));
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });
  it("picks the usual steps", () => {
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(9)).toEqual([0, 3, 6, 9]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
  });
  it("draws an empty axis as 0 to 1", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe("labelEvery", () => {
  it("thins the labels of long ranges", () => {
    expect(labelEvery(7, 10)).toBe(1);
    expect(labelEvery(30, 10)).toBe(3);
    expect(labelEvery(90, 10)).toBe(9);
  });
});
