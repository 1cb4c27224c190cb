// Deterministic randomness. Every value in the sandbox comes from a PRNG seeded by a hash of the
// document plus an "aspect" (identity, contacts, lawsuits, ...). Separate aspects keep the
// streams independent: adding a field to the lawsuits generator never changes a holder's name.

/** FNV-1a over the UTF-16 code units, finished with murmur3's avalanche so close inputs diverge. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A list of [value, relative weight] pairs for Rng.weighted(). */
export type Weighted<T> = readonly (readonly [T, number])[];

/** mulberry32: tiny, fast and good enough for synthetic data (not for anything secret). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by relative weight: [[value, weight], ...]. */
  weighted<T>(items: Weighted<T>): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of items) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return items[items.length - 1]![0];
  }

  /** A string of n decimal digits (leading zeros allowed). */
  digits(n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += String(this.int(0, 9));
    return out;
  }

  /** Money with cents, in [min, max]. */
  amount(min: number, max: number): number {
    return Math.round((min + this.next() * (max - min)) * 100) / 100;
  }
}

/** The PRNG for one aspect of one document. */
export function rngFor(document: string, aspect: string): Rng {
  return new Rng(hashString(`${aspect}:${document}`));
}
