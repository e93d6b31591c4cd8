import { describe, expect, it } from 'vitest';
import {
  findPaymentReferences,
  formatPaymentReference,
  mentionsLoanNumber,
  parsePaymentReference,
  paymentReference,
} from './payment-reference.ts';

describe('payment reference (ISO 7064 MOD 97-10)', () => {
  it('appends two check digits so the whole number is 1 mod 97', () => {
    expect(paymentReference(1000)).toBe('100008');
    expect(formatPaymentReference(1000)).toBe('1000-08');
    for (const num of [1000, 1001, 1234, 9999, 123456]) {
      expect(BigInt(paymentReference(num)) % 97n).toBe(1n);
      expect(parsePaymentReference(paymentReference(num))).toBe(num);
    }
  });

  it('detects every single-digit error and every adjacent transposition', () => {
    for (let num = 1000; num < 3000; num += 7) {
      const ref = paymentReference(num);
      for (let i = 0; i < ref.length; i++) {
        for (let d = 0; d <= 9; d++) {
          const wrong = ref.slice(0, i) + d + ref.slice(i + 1);
          if (wrong !== ref) expect(parsePaymentReference(wrong)).not.toBe(num);
        }
        if (i + 1 < ref.length && ref[i] !== ref[i + 1]) {
          const swapped = ref.slice(0, i) + ref[i + 1] + ref[i] + ref.slice(i + 2);
          expect(parsePaymentReference(swapped)).not.toBe(num);
        }
      }
    }
  });

  it('parses with spaces and dashes and refuses wrong check digits', () => {
    expect(parsePaymentReference('1000 08')).toBe(1000);
    expect(parsePaymentReference('1000-08')).toBe(1000);
    expect(parsePaymentReference('1000-09')).toBeNull();
    expect(parsePaymentReference('abc')).toBeNull();
  });

  it('finds references inside a transfer concept', () => {
    expect(findPaymentReferences('SPEI PAGO PRESTAMO 1000 08 3')).toEqual([1000]);
    expect(findPaymentReferences(`ref:${formatPaymentReference(1234)}, cliente 55 1234 5678`)).toContain(
      1234,
    );
    expect(findPaymentReferences('PAGO 1000-09')).toEqual([]);
  });

  it('finds a loan number only as a number of its own', () => {
    expect(mentionsLoanNumber('prestamo #1234 semana 2', 1234)).toBe(true);
    expect(mentionsLoanNumber('cuenta 512345', 1234)).toBe(false);
  });
});
