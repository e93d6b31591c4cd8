import { describe, expect, it } from 'vitest';
import {
  amlListColumnOf,
  amlReportDue,
  amlReportOverdue,
  foldName,
  foldPersonName,
  quarterDays,
  quarterOf,
  reachesAmlThreshold,
} from './aml.ts';

describe('foldName', () => {
  it('drops case and accents and collapses spaces', () => {
    expect(foldName('  LUCÍA   Núñez  Gómez ')).toBe('gomez lucia nunez');
    expect(foldName('Lucia Nunez Gomez')).toBe(foldName('lucía NÚÑEZ gómez'));
  });

  it('reads punctuation as a space and ignores word order', () => {
    expect(foldName('GÓMEZ-PÉREZ, JUAN')).toBe('gomez juan perez');
    expect(foldName('Juan Gómez Pérez')).toBe(foldName('Pérez Gómez, Juan'));
  });

  it('does not match a name with a missing or extra word', () => {
    expect(foldName('Juan Gómez')).not.toBe(foldName('Juan Gómez Pérez'));
    expect(foldName('')).toBe('');
  });

  it('folds a customer from name and both last names', () => {
    expect(foldPersonName({ name: 'Lucía', lastName: 'Núñez', secondLastName: 'Gómez' })).toBe(
      'gomez lucia nunez',
    );
    expect(foldPersonName({ name: 'Pedro', lastName: 'Ramírez', secondLastName: null })).toBe(
      'pedro ramirez',
    );
  });
});

describe('report deadline', () => {
  it('is 24 hours after the match was found', () => {
    const found = new Date('2026-03-01T10:00:00Z');
    expect(amlReportDue(found).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(amlReportOverdue(found, new Date('2026-03-02T10:00:00Z'))).toBe(false);
    expect(amlReportOverdue(found, new Date('2026-03-02T10:00:01Z'))).toBe(true);
  });
});

describe('thresholds and quarters', () => {
  it('counts the threshold itself as reached', () => {
    expect(reachesAmlThreshold(15_000_000, 15_000_000)).toBe(true);
    expect(reachesAmlThreshold(14_999_999, 15_000_000)).toBe(false);
  });

  it('gives the days of each quarter, leap years included', () => {
    expect(quarterDays(2026, 1)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterDays(2024, 1)).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(quarterDays(2026, 2)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(quarterDays(2026, 4)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(quarterOf('2026-11-29')).toEqual({ year: 2026, quarter: 4 });
    expect(quarterOf('2026-03-31')).toEqual({ year: 2026, quarter: 1 });
  });
});

describe('list headers', () => {
  it('accepts the columns in any case, with accents and a BOM', () => {
    expect(amlListColumnOf('\uFEFFNombre')).toBe('nombre');
    expect(amlListColumnOf(' CURP ')).toBe('curp');
    expect(amlListColumnOf('Fecha de publicación')).toBe('fecha');
    expect(amlListColumnOf('Lista')).toBe('lista');
    expect(amlListColumnOf('teléfono')).toBeUndefined();
  });
});
