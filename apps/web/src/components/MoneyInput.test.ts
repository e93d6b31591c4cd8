import { describe, expect, it } from 'vitest';
import { amountValue } from './MoneyInput.tsx';

describe('amountValue', () => {
  it('is undefined for an empty field, so each form decides what empty means', () => {
    expect(amountValue('')).toBeUndefined();
    expect(amountValue('  ')).toBeUndefined();
    expect(amountValue('$')).toBeUndefined();
  });

  it('reads numbers, and text with the $ prefix and thousands separators', () => {
    expect(amountValue(1500.5)).toBe(1500.5);
    expect(amountValue('$1,500.50')).toBe(1500.5);
    expect(amountValue(' 0.5 ')).toBe(0.5);
  });

  it('is NaN for text that is not an amount, which the schemas refuse', () => {
    expect(amountValue('abc')).toBeNaN();
    expect(amountValue('1.2.3')).toBeNaN();
  });
});
