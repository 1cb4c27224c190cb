// How two faces are compared: face-api's recognition network turns a face into 128 numbers;
// the Euclidean distance between two such descriptors is small for the same person (the
// package's own threshold is 0.6). Lupa reports similarity = 1 - distance, clipped to 0..1 and
// rounded to three decimals, and calls it a match at or above the threshold (default 0.55, i.e.
// a distance of at most 0.45; measured on the package's sample photos, docs/decisions.md).
export function euclideanDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error("descriptors of different lengths");
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

export function similarity(a: readonly number[], b: readonly number[]): number {
  const value = 1 - euclideanDistance(a, b);
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
}
