// Memoisation for the pure derivations (a person's core, a company's identity, a holder's
// links). The same document is derived many times while one dossier is built (profile, related
// and lawsuits all name the same people), and the results never change, so a bounded cache is
// safe.

const caches = new Set<Map<string, unknown>>();

export function memoize<T>(derive: (key: string) => T, capacity = 20_000): (key: string) => T {
  const cache = new Map<string, T>();
  caches.add(cache as Map<string, unknown>);
  return (key: string) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = derive(key);
    // Dropping everything at once is crude but keeps memory bounded without bookkeeping.
    if (cache.size >= capacity) cache.clear();
    cache.set(key, value);
    return value;
  };
}

/** Empties every cache (benchmarks and tests measure generation from scratch with it). */
export function clearMemos(): void {
  for (const cache of caches) cache.clear();
}
