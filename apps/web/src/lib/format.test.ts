import { describe, expect, it } from 'vitest';
import {
  businessDateTimeParts,
  DEFAULT_BUSINESS_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatMoney,
  formatShortDate,
  setBusinessTimeZone,
  weekRange,
} from './format.ts';

describe('formats', () => {
  it('formats dates as DD/MM/YYYY and date-times as DD/MM/YYYY hh:mm a', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/2025');
    expect(formatShortDate('2025-03-07')).toBe('07/03/25');
    expect(formatDateTime('2025-03-07T15:30:00')).toBe('07/03/2025 03:30 pm');
    expect(formatDate(null)).toBe('');
    expect(formatDate('no es fecha')).toBe('');
  });

  it('formats pesos with comma thousands and point decimals', () => {
    expect(formatMoney(1234567.5)).toBe('$1,234,567.50');
    expect(formatMoney('250')).toBe('$250.00');
    expect(formatMoney(undefined)).toBe('');
  });

  it('gives the Sunday–Saturday week of a date', () => {
    expect(weekRange('2025-11-19')).toEqual(['2025-11-16', '2025-11-22']);
    expect(weekRange('2025-11-16')).toEqual(['2025-11-16', '2025-11-22']);
    expect(weekRange('2025-11-22')).toEqual(['2025-11-16', '2025-11-22']);
  });

  it('shows an instant on the business clock of the zone in use', () => {
    const instant = '2026-03-02T04:30:00Z';
    expect(businessDateTimeParts(instant)).toEqual({ date: '01/03/2026', time: '10:30 pm' });
    setBusinessTimeZone('Europe/Madrid');
    try {
      expect(businessDateTimeParts(instant)).toEqual({ date: '02/03/2026', time: '05:30 am' });
    } finally {
      setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE);
    }
  });
});
