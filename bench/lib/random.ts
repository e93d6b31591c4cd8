/**
 * Deterministic randomness for the benchmarks: the same seed gives the same rows, ids included.
 * mulberry32 (32-bit state, fast, good enough for fake data; not for anything secret).
 */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer uniform in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by cumulative weights (see `weighted`). */
  pickWeighted<T>(table: WeightedTable<T>): T;
  digits(count: number): string;
  /** A UUIDv7 whose 48-bit timestamp is `ms` and whose 74 random bits come from this generator. */
  uuid7(ms: number): string;
}

export interface WeightedTable<T> {
  items: readonly T[];
  cumulative: Float64Array;
  total: number;
}

export function weighted<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
  const cumulative = new Float64Array(entries.length);
  let total = 0;
  entries.forEach(([, weight], i) => {
    total += weight;
    cumulative[i] = total;
  });
  return { items: entries.map(([item]) => item), cumulative, total };
}

/** A generator for one stream of rows; `stream` (e.g. the customer index) makes streams independent. */
export function random(seed: number, stream = 0): Random {
  let state = (seed ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Decorrelate neighbouring streams before the first draw.
  for (let i = 0; i < 4; i++) next();
  const word = () => Math.floor(next() * 4294967296) >>> 0;
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    pickWeighted: (table) => {
      const x = next() * table.total;
      let lo = 0;
      let hi = table.cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((table.cumulative[mid] as number) > x) hi = mid;
        else lo = mid + 1;
      }
      return table.items[lo] as (typeof table.items)[number];
    },
    digits: (count) => {
      let out = '';
      for (let i = 0; i < count; i++) out += String(Math.floor(next() * 10));
      return out;
    },
    uuid7: (ms) => {
      const time = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
      const a = word();
      const b = word();
      const c = word();
      // 74 random bits: 12 after the version nibble, 62 after the variant bits.
      const versioned = (0x7000 | (a & 0x0fff)).toString(16);
      const variant = (0x8000 | ((a >>> 16) & 0x3fff)).toString(16);
      const node = `${(b >>> 0).toString(16).padStart(8, '0')}${(c & 0xffff).toString(16).padStart(4, '0')}`;
      return `${time.slice(0, 8)}-${time.slice(8, 12)}-${versioned}-${variant}-${node}`;
    },
  };
}
