import { describe, expect, it } from 'vitest';
import { cashCountClose, DENOMINATION_LABELS, denominationCounts } from './cash-count.ts';

const valid = {
  agentId: '0190a0c0-0000-7000-8000-000000000002',
  date: '2026-03-09',
  targetAccountId: '0190a0c0-0000-7000-8000-0000000000b1',
  counted: 4_451,
};

const messages = (input: unknown) => {
  const parsed = cashCountClose.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the body of a close with a count', () => {
  it('takes the amount, optional pieces and an optional note (blank is none)', () => {
    expect(cashCountClose.parse({ ...valid, note: '  ' })).toEqual({
      ...valid,
      denominations: null,
      note: null,
    });
    expect(cashCountClose.parse({ ...valid, denominations: { B1000: 4, C050: 2 }, note: ' Faltó ' })).toEqual(
      {
        ...valid,
        denominations: { B1000: 4, C050: 2 },
        note: 'Faltó',
      },
    );
  });

  it('refuses a negative or over-precise amount, bad pieces, unknown denominations and a long note', () => {
    expect(messages({ ...valid, counted: -0.01 })).toEqual([
      'counted: El efectivo contado no puede ser negativo',
    ]);
    expect(messages({ ...valid, counted: 1.005 })).toEqual([
      'counted: El monto admite como máximo 2 decimales',
    ]);
    expect(messages({ ...valid, denominations: { B500: -1 } })).toEqual([
      'denominations.B500: No puede ser negativo',
    ]);
    expect(messages({ ...valid, denominations: { B500: 1.5 } })).toEqual([
      'denominations.B500: Debe ser un número entero de piezas',
    ]);
    expect(messages({ ...valid, denominations: { B2000: 1 } })).toHaveLength(1);
    expect(messages({ ...valid, note: 'x'.repeat(301) })).toEqual([
      'note: La nota admite como máximo 300 caracteres',
    ]);
  });

  it('refuses pieces whose sum passes the largest amount', () => {
    const all = { B1000: 100_000, B500: 100_000 };
    expect(denominationCounts.safeParse(all).success).toBe(false);
    expect(denominationCounts.safeParse({ B1000: 100_000 }).success).toBe(true);
  });

  it('names each denomination as the screen shows it', () => {
    expect(DENOMINATION_LABELS).toMatchObject({
      B1000: 'Billete $1,000',
      B20: 'Billete $20',
      C20: 'Moneda $20',
      C050: 'Moneda $0.50',
    });
  });
});
