import { describe, expect, it } from 'vitest';
import {
  businessDate,
  businessDayBounds,
  endOfWeek,
  nextDailyRun,
  weekOf,
  zonedInstant,
} from './business-time.ts';

/** When the daily accrual runs: 00:05 on the business clock, recomputed after every run. */
describe('nextDailyRun', () => {
  const MX = 'America/Mexico_City'; // UTC−6 all year since 2022

  it('is today at 00:05 business time when that is still ahead, else tomorrow', () => {
    // 2025-03-10 00:01 in Mexico City = 06:01Z.
    expect(nextDailyRun(new Date('2025-03-10T06:01:00Z'), MX, 0, 5).toISOString()).toBe(
      '2025-03-10T06:05:00.000Z',
    );
    // Exactly 00:05 has passed: the next one is tomorrow.
    expect(nextDailyRun(new Date('2025-03-10T06:05:00Z'), MX, 0, 5).toISOString()).toBe(
      '2025-03-11T06:05:00.000Z',
    );
    // 23:30 on the 10th in Mexico City is already the 11th in UTC.
    expect(nextDailyRun(new Date('2025-03-11T05:30:00Z'), MX, 0, 5).toISOString()).toBe(
      '2025-03-11T06:05:00.000Z',
    );
  });

  it('follows daylight-saving changes (New York: −5 → −4 on 2025-03-09, −4 → −5 on 2025-11-02)', () => {
    const NY = 'America/New_York';
    expect(nextDailyRun(new Date('2025-03-08T12:00:00Z'), NY, 0, 5).toISOString()).toBe(
      '2025-03-09T05:05:00.000Z',
    );
    expect(nextDailyRun(new Date('2025-03-09T12:00:00Z'), NY, 0, 5).toISOString()).toBe(
      '2025-03-10T04:05:00.000Z',
    );
    expect(nextDailyRun(new Date('2025-11-01T12:00:00Z'), NY, 0, 5).toISOString()).toBe(
      '2025-11-02T04:05:00.000Z',
    );
    expect(nextDailyRun(new Date('2025-11-02T12:00:00Z'), NY, 0, 5).toISOString()).toBe(
      '2025-11-03T05:05:00.000Z',
    );
  });

  it('maps a wall time to its instant in any zone', () => {
    expect(zonedInstant('2025-06-15', 0, 5, 'UTC').toISOString()).toBe('2025-06-15T00:05:00.000Z');
    expect(zonedInstant('2025-06-15', 0, 5, 'Asia/Tokyo').toISOString()).toBe('2025-06-14T15:05:00.000Z');
  });
});

describe('businessDate', () => {
  it('takes the business day in Mexico City, not UTC', () => {
    // 03:00 UTC on the 23rd is still the 22nd in Mexico City (UTC−6).
    expect(businessDate(new Date('2026-11-23T03:00:00Z'), 'America/Mexico_City')).toBe('2026-11-22');
    expect(businessDate(new Date('2026-11-23T07:00:00Z'), 'America/Mexico_City')).toBe('2026-11-23');
  });
});

describe('zonedInstant', () => {
  it('maps a wall time the daylight-saving change skips to the hour after', () => {
    // New York skips 02:00–03:00 on 2025-03-09; Berlin skips 02:00–03:00 on 2025-03-30.
    expect(zonedInstant('2025-03-09', 2, 30, 'America/New_York').toISOString()).toBe(
      '2025-03-09T07:30:00.000Z',
    );
    expect(zonedInstant('2025-03-30', 2, 30, 'Europe/Berlin').toISOString()).toBe('2025-03-30T01:30:00.000Z');
  });

  it('rolls minutes over into hours (a minute of the day)', () => {
    expect(zonedInstant('2026-11-23', 0, 11 * 60 + 40, 'America/Mexico_City').toISOString()).toBe(
      '2026-11-23T17:40:00.000Z',
    );
  });
});

/** 'Esta semana' of Cobranza reaches the business week's Sunday. */
describe('endOfWeek', () => {
  it('is the coming Sunday from Monday to Saturday, and a Sunday itself', () => {
    // 2026-03-02 is a Monday, 2026-03-08 a Sunday.
    expect(endOfWeek('2026-03-02')).toBe('2026-03-08');
    expect(endOfWeek('2026-03-07')).toBe('2026-03-08');
    expect(endOfWeek('2026-03-08')).toBe('2026-03-08');
    expect(endOfWeek('2026-03-09')).toBe('2026-03-15');
  });

  it('crosses months and years', () => {
    expect(endOfWeek('2026-12-30')).toBe('2027-01-03');
    expect(endOfWeek('2028-02-28')).toBe('2028-03-05');
  });
});

/** The dashboard's default range is the Sunday–Saturday week; Cobranza's the Monday–Sunday one. */
describe('weekOf', () => {
  it('runs Sunday to Saturday or Monday to Sunday around any day', () => {
    // 2025-11-16 is a Sunday, 2025-11-22 a Saturday.
    for (const day of ['2025-11-16', '2025-11-19', '2025-11-22']) {
      expect(weekOf(day, 'sunday')).toEqual({ from: '2025-11-16', to: '2025-11-22' });
    }
    expect(weekOf('2025-11-16', 'monday')).toEqual({ from: '2025-11-10', to: '2025-11-16' });
    expect(weekOf('2025-11-17', 'monday')).toEqual({ from: '2025-11-17', to: '2025-11-23' });
  });

  it('crosses months and years', () => {
    expect(weekOf('2027-01-01', 'sunday')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(weekOf('2026-12-30', 'monday')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});

describe('businessDayBounds', () => {
  it('spans the business day in Mexico City: 06:00Z to 06:00Z the next day', () => {
    const { start, end } = businessDayBounds('2026-11-23', 'America/Mexico_City');
    expect(start.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-24T06:00:00.000Z');
    // Its last instant is still that business day; the end is the next one.
    expect(businessDate(new Date(end.getTime() - 1), 'America/Mexico_City')).toBe('2026-11-23');
    expect(businessDate(end, 'America/Mexico_City')).toBe('2026-11-24');
  });

  it('is 23 hours long on the day the clocks spring forward', () => {
    const { start, end } = businessDayBounds('2025-03-09', 'America/New_York');
    expect(start.toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000);
  });
});
