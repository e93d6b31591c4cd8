import { describe, expect, it } from 'vitest';
import {
  parseStatementAmount,
  parseStatementDate,
  parseStatementDirection,
  readStatementLine,
  type StatementColumns,
} from './statement-line.ts';

const columns: StatementColumns = {
  date: 0,
  concept: 1,
  reference: 2,
  amount: 3,
  credit: null,
  debit: null,
  direction: null,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: '.',
};

describe('statement line', () => {
  it('reads dates in the mapped format, ISO always', () => {
    expect(parseStatementDate('28/11/2026', 'DD/MM/YYYY')).toBe('2026-11-28');
    expect(parseStatementDate('2026-11-28', 'DD/MM/YYYY')).toBe('2026-11-28');
    expect(parseStatementDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('28/11/2026', 'YYYY-MM-DD')).toBeNull();
  });

  it('reads amounts with decimal point or comma, in centavos', () => {
    expect(parseStatementAmount('$1,234.50', '.')).toBe(123_450);
    expect(parseStatementAmount('1.234,50', ',')).toBe(123_450);
    expect(parseStatementAmount('1234.5', ',')).toBe(123_450);
    expect(parseStatementAmount('-500', '.')).toBe(-50_000);
    expect(parseStatementAmount('(500.00)', '.')).toBe(-50_000);
    expect(parseStatementAmount('1.234', '.')).toBeNull();
    expect(parseStatementAmount('abc', '.')).toBeNull();
  });

  it('keeps no control or bidi-override character of a concept', () => {
    const row = ['20/11/2026', 'PAGO\u202e 1000\tSPEI\u0000', ' R1 ', '10'];
    expect(readStatementLine(row, columns)).toMatchObject({
      line: { concept: 'PAGO 1000 SPEI', reference: 'R1' },
    });
  });

  it('reads the direction words of Mexican banks', () => {
    expect(parseStatementDirection('Abono')).toBe('CREDIT');
    expect(parseStatementDirection('CRÉDITO')).toBe('CREDIT');
    expect(parseStatementDirection('Cargo')).toBe('DEBIT');
    expect(parseStatementDirection('?')).toBeNull();
  });

  it('reads a row: a signed amount, or credit and debit columns, or a direction column', () => {
    expect(readStatementLine(['20/11/2026', 'SPEI', 'R1', '-250.00'], columns)).toEqual({
      ok: true,
      line: { date: '2026-11-20', direction: 'DEBIT', amountCents: 25_000, concept: 'SPEI', reference: 'R1' },
    });
    const split = { ...columns, amount: null, credit: 3, debit: 4 };
    expect(readStatementLine(['20/11/2026', 'X', '', '', '99.90'], split)).toMatchObject({
      ok: true,
      line: { direction: 'DEBIT', amountCents: 9_990 },
    });
    const withDirection = { ...columns, direction: 4 };
    expect(readStatementLine(['20/11/2026', 'X', '', '10', 'Abono'], withDirection)).toMatchObject({
      line: { direction: 'CREDIT', amountCents: 1_000 },
    });
    expect(readStatementLine(['x', 'X', '', '10'], columns)).toEqual({
      ok: false,
      problem: 'date',
      column: 0,
    });
    expect(readStatementLine(['20/11/2026', 'X', '', ''], columns)).toEqual({
      ok: false,
      problem: 'amount',
      column: 3,
    });
  });
});
