import { describe, expect, it } from 'vitest';
import { centsToPesos, formatCents, formatPesos, pesosToCents } from './money.ts';

describe('money conversion', () => {
  it('converts pesos with up to two decimals to exact centavos', () => {
    expect(pesosToCents(12345.5)).toBe(1234550);
    expect(pesosToCents(0.1 + 0.2)).toBe(30);
    expect(pesosToCents(10000)).toBe(1000000);
    expect(centsToPesos(1234550)).toBe(12345.5);
    expect(centsToPesos(1)).toBe(0.01);
  });

  it('refuses fractional centavos and non-integers', () => {
    expect(() => pesosToCents(1.005)).toThrow(RangeError);
    expect(() => centsToPesos(1.5)).toThrow(RangeError);
  });

  it('formats in es-MX pesos', () => {
    expect(formatPesos(12345.5)).toBe('$12,345.50');
    expect(formatCents(100000000)).toBe('$1,000,000.00');
  });
});
