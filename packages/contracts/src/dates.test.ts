import { describe, expect, it } from 'vitest';
import { auditExportQuery, auditQuery } from './audit.ts';
import { isoDate } from './common.ts';
import { reportRangeQuery } from './reports.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('isoDate (every date the API accepts)', () => {
  it('accepts real calendar days from 2000-01-01 to 2099-12-31, leap days included', () => {
    for (const date of ['2000-01-01', '2000-02-29', '2024-02-29', '2099-12-31']) {
      expect(isoDate.safeParse(date).success, date).toBe(true);
    }
  });

  it('refuses days outside the range with its own message, and non-days with the format message', () => {
    for (const date of ['0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31']) {
      expect(messages(isoDate.safeParse(date)), date).toEqual([
        ': La fecha debe estar entre 2000-01-01 y 2099-12-31',
      ]);
    }
    for (const date of [
      '2023-02-29',
      '2100-02-29',
      '2024-13-01',
      '+010000-01-01',
      '9999-99-99',
      '2024-1-1',
    ]) {
      expect(messages(isoDate.safeParse(date)), date).toEqual([': Fecha inválida, use AAAA-MM-DD']);
    }
  });
});

describe('date ranges', () => {
  it('reports: from ≤ to and at most 366 days, checked only on two valid dates', () => {
    expect(reportRangeQuery.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(messages(reportRangeQuery.safeParse({ from: '2024-01-01', to: '2025-01-01' }))).toEqual([
      'to: El rango no puede ser mayor a 366 días',
    ]);
    expect(messages(reportRangeQuery.safeParse({ from: '2024-01-02', to: '2024-01-01' }))).toEqual([
      'to: La fecha final debe ser igual o posterior a la inicial',
    ]);
    expect(messages(reportRangeQuery.safeParse({ from: '1999-12-31', to: '2099-12-31' }))).toEqual([
      'from: La fecha debe estar entre 2000-01-01 y 2099-12-31',
    ]);
  });

  it('audit and its export: the same rules, with either end optional', () => {
    for (const schema of [auditQuery, auditExportQuery]) {
      expect(schema.safeParse({ to: '2099-12-31' }).success).toBe(true);
      expect(schema.safeParse({ from: '2000-01-01' }).success).toBe(true);
      expect(schema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
      expect(messages(schema.safeParse({ from: '2024-01-01', to: '2025-01-01' }))).toEqual([
        'to: El rango no puede ser mayor a 366 días',
      ]);
      expect(messages(schema.safeParse({ to: '9999-12-31' }))).toEqual([
        'to: La fecha debe estar entre 2000-01-01 y 2099-12-31',
      ]);
    }
  });
});
