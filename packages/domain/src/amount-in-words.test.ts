import { describe, expect, it } from 'vitest';
import { centsInWords, integerInWords } from './amount-in-words.ts';

describe('amounts in words', () => {
  it('writes the figures a promissory note needs', () => {
    expect(centsInWords(360_000)).toBe('TRES MIL SEISCIENTOS PESOS 00/100 M.N.');
    expect(centsInWords(100)).toBe('UN PESO 00/100 M.N.');
    expect(centsInWords(12_345_67)).toBe('DOCE MIL TRESCIENTOS CUARENTA Y CINCO PESOS 67/100 M.N.');
    expect(centsInWords(100_000_000)).toBe('UN MILLÓN DE PESOS 00/100 M.N.');
    expect(centsInWords(5)).toBe('CERO PESOS 05/100 M.N.');
  });

  it('handles the irregular words', () => {
    expect(integerInWords(100)).toBe('CIEN');
    expect(integerInWords(101)).toBe('CIENTO UN');
    expect(integerInWords(21)).toBe('VEINTIÚN');
    expect(integerInWords(1_000)).toBe('MIL');
    expect(integerInWords(21_000)).toBe('VEINTIÚN MIL');
    expect(integerInWords(500_500)).toBe('QUINIENTOS MIL QUINIENTOS');
    expect(integerInWords(2_001_016)).toBe('DOS MILLONES MIL DIECISÉIS');
  });

  it('refuses what it cannot write', () => {
    expect(() => integerInWords(-1)).toThrow(RangeError);
    expect(() => integerInWords(1_000_000_000)).toThrow(RangeError);
  });
});
