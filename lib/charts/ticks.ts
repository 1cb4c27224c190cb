// The value axis of the console's bar charts: whole-number ticks at a "nice" step (1, 2, 2.5, 5
// times a power of ten, never below 1), from 0 to the first tick at or above the largest value.

const STEPS = [1, 2, 2.5, 5, 10];

/** Ticks from 0 up to at least `max`, about `count` intervals; [0, 1] when every value is 0. */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = power * STEPS.find((s) => s * power >= rough)!;
  step = Math.max(1, step);
  if (!Number.isInteger(step)) step = Math.ceil(step);
  const ticks: number[] = [];
  for (let value = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; value += step) ticks.push(value);
  return ticks;
}

/** Label every n-th category, so at most `max` labels sit under the bars. */
export function labelEvery(count: number, max: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, max)));
}
