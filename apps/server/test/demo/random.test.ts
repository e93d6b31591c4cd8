import { describe, expect, it } from 'vitest';
import { mulberry32, streamFor } from '../../src/demo/random.ts';

describe('streamFor', () => {
  it('gives every entity uuid7s of its own, even where two streams share a state', () => {
    // 200,000 entities hash into 32-bit states, so a few share one (≈ 4.7 expected) and draw the
    // same words: their uuids must still differ.
    const seen = new Set<string>();
    for (let index = 0; index < 200_000; index++) {
      const rng = streamFor(7, index);
      for (let k = 0; k < 3; k++) seen.add(rng.uuid7(1_700_000_000_000));
    }
    expect(seen.size).toBe(600_000);
  });

  it('keeps the draws that follow a uuid where they were', () => {
    const tagged = streamFor(7, 42);
    const draws = [tagged.uuid7(0), tagged.int(0, 1000), tagged.uuid7(0), tagged.next()];
    const again = streamFor(7, 42);
    expect([again.uuid7(0), again.int(0, 1000), again.uuid7(0), again.next()]).toEqual(draws);
    expect(draws[0]).toMatch(/^00000000-0000-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('leaves a plain generator random in its node bits', () => {
    const a = mulberry32(1).uuid7(0);
    const b = mulberry32(2).uuid7(0);
    expect(a.slice(-12)).not.toBe(b.slice(-12));
  });
});
