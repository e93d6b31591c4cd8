import { LOAN_STATUS_LABELS } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import {
  dateCell,
  dateTimeCell,
  dayCell,
  integerCell,
  labelCell,
  moneyCell,
  nameCell,
  textCell,
} from '../../src/csv/cells.ts';

const MX = 'America/Mexico_City';

describe('csv cells', () => {
  it('writes centavos as plain pesos with two decimals, negatives still numbers', () => {
    expect(moneyCell(123_450)).toBe('1234.50');
    expect(moneyCell(100)).toBe('1.00');
    expect(moneyCell(7)).toBe('0.07');
    expect(moneyCell(0)).toBe('0.00');
    expect(moneyCell(-5)).toBe('-0.05');
    expect(moneyCell(-123_456)).toBe('-1234.56');
    expect(moneyCell(10_000_000_000)).toBe('100000000.00');
    expect(moneyCell(null)).toBe('');
    expect(() => moneyCell(1.5)).toThrow(RangeError);
  });

  it('guards text a spreadsheet would evaluate with a leading apostrophe', () => {
    expect(textCell('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(textCell('+52 55 1234 5678')).toBe("'+52 55 1234 5678");
    expect(textCell('-2+3')).toBe("'-2+3");
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(textCell('\t=1+1')).toBe("'\t=1+1");
    expect(textCell('\r=1+1')).toBe("'\r=1+1");
    expect(textCell('＝1+1')).toBe("'＝1+1");
    // Only the first character matters; ordinary text is untouched.
    expect(textCell('Núñez = 2')).toBe('Núñez = 2');
    expect(textCell('')).toBe('');
    expect(textCell(null)).toBe('');
    expect(nameCell('=cmd', 'Gómez', null)).toBe("'=cmd Gómez");
    expect(nameCell('Lucía', '', 'Núñez')).toBe('Lucía Núñez');
  });

  it('shows codes as their Spanish labels, an unknown code as written (still guarded)', () => {
    expect(labelCell(LOAN_STATUS_LABELS, 'ACTIVE')).toBe('Al corriente');
    expect(labelCell(LOAN_STATUS_LABELS, 'SOMETHING')).toBe('SOMETHING');
    expect(labelCell(LOAN_STATUS_LABELS, '=1')).toBe("'=1");
    expect(labelCell(LOAN_STATUS_LABELS, 'toString')).toBe('toString');
  });

  it('writes dates on the business clock', () => {
    // 05:59 UTC is 23:59 of the day before in Mexico City in winter (UTC−6)…
    expect(dateTimeCell(new Date('2021-01-06T05:59:00Z'), MX)).toBe('2021-01-05 23:59');
    expect(dayCell(new Date('2021-01-06T05:59:00Z'), MX)).toBe('2021-01-05');
    expect(dateTimeCell(new Date('2021-01-06T06:00:00Z'), MX)).toBe('2021-01-06 00:00');
    // …and UTC−5 under the daylight saving time it had until 2022.
    expect(dateTimeCell(new Date('2021-07-01T05:00:00Z'), MX)).toBe('2021-07-01 00:00');
    expect(dateTimeCell(new Date('2021-07-01T17:30:00Z'), MX)).toBe('2021-07-01 12:30');
    expect(dateTimeCell(new Date('2021-07-01T17:30:00Z'), 'UTC')).toBe('2021-07-01 17:30');
    expect(dateTimeCell(null, MX)).toBe('');
    expect(dateCell('2021-03-04')).toBe('2021-03-04');
    expect(integerCell(1001)).toBe('1001');
  });
});
