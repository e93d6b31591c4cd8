import { describe, expect, it } from 'vitest';
import { pesos, positivePesos } from './money.ts';

describe('peso amounts from a client', () => {
  it('refuses fractional centavos and non-integers', () => {
    expect(pesos.safeParse(10.123).success).toBe(false);
    // A fraction of a centavo far below the old 1e-6 tolerance on n × 100 (the fuzzer's 1.00000001).
    expect(pesos.safeParse(1.00000001).success).toBe(false);
    expect(pesos.safeParse(1e-9).success).toBe(false);
    expect(pesos.safeParse(5e-324).success).toBe(false);
    expect(pesos.safeParse(0).success).toBe(true);
    expect(pesos.safeParse(99999.999999).success).toBe(false);
    expect(pesos.safeParse(1048576.000000001).success).toBe(false);
    expect(pesos.safeParse(0.1 + 0.2).success).toBe(false);
    expect(pesos.safeParse(0.3).success).toBe(true);
    expect(pesos.safeParse(100_000_000).success).toBe(true);
    expect(pesos.safeParse(12345678.99).success).toBe(true);
    expect(pesos.safeParse(-0.29).success).toBe(true);
    expect(pesos.safeParse(Number.NaN).success).toBe(false);
    expect(positivePesos.safeParse(0).success).toBe(false);
    expect(positivePesos.safeParse(-1).success).toBe(false);
    expect(positivePesos.safeParse(0.01).success).toBe(true);
  });
});
