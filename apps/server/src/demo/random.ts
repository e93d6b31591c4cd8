/**
 * The only source of randomness of the fake data (the demo and the bench generator): mulberry32, a
 * tiny, well-known 32-bit PRNG (public domain, Tommy Ettinger), so `npm run seed:demo -- --seed N` and
 * `npm run bench:generate -- --seed N` give the same data for the same N on any machine. Not for
 * anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [[value, weight], …]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` decimal digits. */
  digits(count: number): string;
  /** A UUIDv7 whose 48-bit timestamp is `ms` and whose 74 random bits come from this generator. */
  uuid7(ms: number): string;
}

/** Bits of a stream's uuid7 node that name the stream, and bits left for its own counter. */
const STREAM_TAG_BITS = 28;
const STREAM_COUNTER_LIMIT = 2 ** 20;

/**
 * `tag`, when given, makes every uuid7 of this generator unique by construction: its 48 node bits
 * are the tag (28 bits) and a counter (20 bits) instead of random words. A 32-bit state repeats
 * itself across a million streams (their sequences overlap), so random node bits alone collide.
 */
export function mulberry32(seed: number, tag?: number): Random {
  let state = seed >>> 0;
  let uuids = 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let r = next() * total;
      for (const [value, weight] of items) {
        r -= weight;
        if (r < 0) return value;
      }
      return pick(items)[0];
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    digits(count: number): string {
      let out = '';
      for (let i = 0; i < count; i++) out += String(Math.floor(next() * 10));
      return out;
    },
    uuid7(ms: number): string {
      const word = () => Math.floor(next() * 4_294_967_296) >>> 0;
      const time = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
      const a = word();
      const b = word();
      const c = word();
      // 74 random bits: 12 after the version nibble, 62 after the variant bits.
      const versioned = (0x7000 | (a & 0x0fff)).toString(16);
      const variant = (0x8000 | ((a >>> 16) & 0x3fff)).toString(16);
      const node = tag === undefined ? randomNode(b, c) : taggedNode(tag, uuids++);
      return `${time.slice(0, 8)}-${time.slice(8, 12)}-${versioned}-${variant}-${node}`;
    },
  };
}

function randomNode(b: number, c: number): string {
  return `${(b >>> 0).toString(16).padStart(8, '0')}${(c & 0xffff).toString(16).padStart(4, '0')}`;
}

function taggedNode(tag: number, counter: number): string {
  if (counter >= STREAM_COUNTER_LIMIT) throw new RangeError('too many uuids from one stream');
  // tag · 2^20 + counter as 48 bits; the multiplication stays exact below 2^53.
  return (tag * STREAM_COUNTER_LIMIT + counter).toString(16).padStart(12, '0');
}

/** An independent stream per entity (customer k of seed s), so one entity's draws never shift another's. */
export function streamFor(seed: number, ...keys: number[]): Random {
  let h = 2_166_136_261 ^ seed;
  // The tag is the keys themselves (k1 · 1,000,003 + k2 …), so different entities below 2^28 never
  // share one, while the hash of the state may.
  let tag = 0;
  for (const key of keys) {
    h = Math.imul(h ^ key, 16_777_619);
    h ^= h >>> 13;
    tag = (tag * 1_000_003 + key) % 2 ** STREAM_TAG_BITS;
  }
  return mulberry32(h >>> 0, (tag + 2 ** STREAM_TAG_BITS) % 2 ** STREAM_TAG_BITS);
}
